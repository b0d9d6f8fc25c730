// What the phone benchmarks (run.mjs, lighthouse.mjs) share: their common options, the label of this
// checkout's figures and the demo player's sign-in through the API.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { root } from '../lib/benchmarks-doc.mjs';

/** The common options plus `extra` (parseArgs's form); --runs checked, --url without a trailing slash. */
export function parseOptions(extra = {}) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      url: { type: 'string' },
      label: { type: 'string' },
      note: { type: 'string' },
      username: { type: 'string', default: 'demo' },
      password: { type: 'string', default: 'demo1234' },
      'print-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...extra,
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number ≥ 1, not "${values.runs}"`);
  return { ...values, runs, url: values.url?.replace(/\/+$/, '') };
}

/** "code at <commit>" for this checkout, saying so when the apps or packages have uncommitted changes. */
export function checkoutLabel() {
  const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
  const dirty = git('status', '--porcelain', '--', 'apps', 'packages') !== '';
  return `code at ${git('rev-parse', '--short', 'HEAD') || 'unknown commit'}${dirty ? ' with uncommitted changes' : ''}`;
}

/** Signs in through the API, outside any measured load; resolves to the token. */
export async function signIn(baseUrl, username, password) {
  const response = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, site_id: 1 }),
  });
  if (!response.ok) throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  if (!token) throw new Error('the sign-in answer has no token');
  return token;
}
