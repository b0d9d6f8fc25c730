import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { nextEvent, startTestPlatform, type TestPlatform } from '@reelcast/testing';
import { newPlayer, openSlotSession } from './promotions-helpers.ts';

/**
 * GET /metrics (docs/operations.md "Metrics"): only with METRICS_TOKEN as the Bearer token, a valid
 * Prometheus text exposition, and each platform instance counting only what it did.
 */
const token = 'scrape-token-of-the-first-instance';
let first: TestPlatform;
let second: TestPlatform;
let closed: TestPlatform;
beforeAll(async () => {
  [first, second, closed] = await Promise.all([
    startTestPlatform({ metricsToken: token }),
    startTestPlatform({ metricsToken: 'scrape-token-of-the-second-instance' }),
    startTestPlatform(),
  ]);
});
afterAll(() => Promise.all([first?.stop(), second?.stop(), closed?.stop()]));

const scrape = (platform: TestPlatform, bearer = platform.config.metricsToken!) =>
  platform.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${bearer}` } });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Parses the text exposition format 0.0.4 strictly enough to fail on a malformed line: every sample
 * belongs to a family with HELP and TYPE, names and labels are well formed, values are numbers.
 */
function parseExposition(text: string): Sample[] {
  const families = new Map<string, string>();
  const samples: Sample[] = [];
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (meta) {
      if (meta[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped'], line).toContain(meta[3]);
        families.set(meta[2]!, meta[3]!);
      }
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*)\})? (\S+)(?: -?\d+)?$/.exec(line);
    expect(sample, `a malformed line: ${line}`).not.toBeNull();
    const [, name, labelText = '', value] = sample!;
    const family = [...families.keys()].find((f) => name === f || /^_(bucket|sum|count|total|created)$/.test(name!.slice(f.length)));
    expect(family, `a sample without HELP/TYPE: ${line}`).toBeDefined();
    const labels = Object.fromEntries([...labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    // Go's ParseFloat, which Prometheus reads values with, takes NaN in any case (prom-client writes `Nan`).
    const number = value === '+Inf' ? Infinity : value === '-Inf' ? -Infinity : /^nan$/i.test(value!) ? NaN : Number(value);
    expect(Number.isNaN(number) && !/^nan$/i.test(value!), line).toBe(false);
    samples.push({ name: name!, labels, value: number });
  }
  return samples;
}

async function samples(platform: TestPlatform) {
  const answer = await scrape(platform);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(answer.body);
}

const value = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value ?? 0;

describe('who may scrape /metrics', () => {
  it('without METRICS_TOKEN there is no /metrics', async () => {
    const answer = await closed.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: ErrorCode.NotFound });
  });

  it('with it, a scrape needs the token as Bearer: none or another is 401 / 10', async () => {
    const none = await first.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.json()).toMatchObject({ code: ErrorCode.SignatureNotVerified });
    expect((await scrape(first, 'scrape-token-of-the-second-instance')).statusCode).toBe(401);
    expect((await scrape(first, `${token}x`)).statusCode).toBe(401);
    expect((await scrape(first)).statusCode).toBe(200);
  });
});

describe('what the metrics count', () => {
  it('a cash-in counts as money movements on its own instance only, with the seat, the socket and the push', async () => {
    const player = await newPlayer(first, 20_000);
    const socket = await first.socket(player.token);
    const [before, otherBefore] = await Promise.all([samples(first), samples(second)]);
    expect(value(before, 'reelcast_sockets', { namespace: '/' })).toBe(1);
    expect(value(before, 'reelcast_seats')).toBe(0);

    const balance = nextEvent(socket, 'balance', 5000, (push: { balance: number }) => push.balance === 15_000);
    await openSlotSession(first, player, 4, 5_000);
    await balance;

    const [after, otherAfter] = await Promise.all([samples(first), samples(second)]);
    // A machine cash-in is two ledger transfers: wallet → hold, then hold → machine.
    const cashIn = { action: 'cash_in' };
    expect(value(after, 'reelcast_money_movements_total', cashIn) - value(before, 'reelcast_money_movements_total', cashIn)).toBe(2);
    expect(value(after, 'reelcast_money_moved_minor_total', cashIn) - value(before, 'reelcast_money_moved_minor_total', cashIn)).toBe(
      10_000,
    );
    expect(value(after, 'reelcast_money_movements_total', { action: 'deposit' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'reelcast_seats')).toBe(1);
    const pushes = { event: 'balance' };
    expect(value(after, 'reelcast_push_seconds_count', pushes)).toBeGreaterThan(value(before, 'reelcast_push_seconds_count', pushes));
    // The second instance (a database of its own here) moved nothing.
    expect(value(otherAfter, 'reelcast_money_movements_total', cashIn)).toBe(0);
    expect(otherAfter.filter((s) => s.name === 'reelcast_money_movements_total')).toEqual(
      otherBefore.filter((s) => s.name === 'reelcast_money_movements_total'),
    );
    await first.call('PUT', '/machine-api/machines/4/seat', {
      token: first.services.machineApiToken,
      body: { sessionId: null, reason: 'error' },
    });
  });

  it("refusals are counted by SPEC §8 code and status: a player's token on the console is 403 / 40300", async () => {
    const player = await first.login();
    const labels = { code: String(ErrorCode.RoleRequired), status: '403' };
    const before = value(await samples(first), 'reelcast_refusals_total', labels);
    const refused = await first.app.inject({ method: 'GET', url: '/api/console/floor', headers: { authorization: `Bearer ${player}` } });
    expect(refused.statusCode).toBe(403);
    expect(value(await samples(first), 'reelcast_refusals_total', labels)).toBe(before + 1);
  });
});

describe("docs/operations.md's Grafana dashboard", () => {
  it('is JSON, and every reelcast_* metric its queries use is one /metrics gives', async () => {
    const doc = fs.readFileSync(new URL('../../../docs/operations.md', import.meta.url), 'utf8');
    const block = /```json\n([^]*?)\n```/.exec(doc);
    expect(block).not.toBeNull();
    const dashboard = JSON.parse(block![1]!) as { panels: { targets: { expr: string }[] }[] };
    const used = new Set(
      dashboard.panels.flatMap((panel) =>
        panel.targets.flatMap((target) =>
          [...target.expr.matchAll(/\b(reelcast_[a-z_]+|process_[a-z_]+|nodejs_[a-z0-9_]+)/g)].map((m) => m[1]!),
        ),
      ),
    );
    expect(used.size).toBeGreaterThan(5);
    // The machine agents' own (apps/machine/src/agent/agent-metrics.test.ts scrapes them).
    const agents = ['reelcast_video_sessions', 'reelcast_game_sockets'];
    for (const name of agents) expect(used, name).toContain(name);
    const names = new Set((await samples(first)).map((sample) => sample.name));
    for (const name of [...used].filter((name) => !agents.includes(name))) expect(names, name).toContain(name);
  });
});
