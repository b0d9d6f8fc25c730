// Typed configuration from environment variables, shared by the platform's and the machine agent's
// config (`@reelcast/protocol/server`).
import { isIP } from 'node:net';
import { z } from 'zod';

/** A yes/no variable: `true`, `false`, `1`, `0` (or a boolean given as an override). */
export const envBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** A comma-separated list (blanks dropped), or a list given as an override. */
export const envList = z.union([z.array(z.string()), z.string()]).transform((v) =>
  Array.isArray(v)
    ? v
    : v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
);

const proxyPresets = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR), or one of proxy-addr's names: loopback, linklocal, uniquelocal. */
function isProxyEntry(entry: string): boolean {
  if (proxyPresets.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * [TRUST_PROXY] the proxies whose `X-Forwarded-For` is believed, as the list Fastify's `trustProxy`
 * takes: `false`/`0` (default) believes none; `true`/`1` is `loopback` (a proxy on the same host);
 * otherwise a comma-separated list of addresses, CIDRs and the names loopback, linklocal, uniquelocal.
 * The client address is then the last one in the header that is not a trusted proxy (docs/ip-check.md).
 */
export const envTrustProxy = z.union([z.boolean(), z.array(z.string()), z.string()]).transform((value, context) => {
  if (value === false || value === 'false' || value === '0') return [];
  if (value === true || value === 'true' || value === '1') return ['loopback'];
  const entries = Array.isArray(value)
    ? value
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
  for (const entry of entries.filter((e) => !isProxyEntry(e)))
    context.addIssue({ code: 'custom', message: `'${entry}' is not true, false, an address, a CIDR or loopback/linklocal/uniquelocal` });
  return entries;
});

/** Whether the runtime knows `zone` as an IANA time zone (Europe/Istanbul, UTC). */
export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A TCP port, 0 to 65535. */
export const envPort = z.coerce.number().int().min(0).max(65535);

/**
 * Parses `schema` from the variables `envNames` gives for its fields (an empty one counts as unset),
 * with `overrides` on top. Invalid values fail with `label` and one line per variable.
 *
 * @example
 * parseEnv(agentConfigSchema, agentEnvNames, process.env, { port: 0 }, 'Invalid machine agent configuration')
 */
export function parseEnv<S extends z.ZodObject>(
  schema: S,
  envNames: Record<keyof z.output<S>, string>,
  env: NodeJS.ProcessEnv,
  overrides: Partial<z.output<S>>,
  label: string,
): z.output<S> {
  const fromEnv: Record<string, unknown> = {};
  for (const [key, name] of Object.entries<string>(envNames)) {
    const value = env[name];
    if (value !== undefined && value !== '') fromEnv[key] = value;
  }
  const parsed = schema.safeParse({ ...fromEnv, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const key = i.path[0] as keyof z.output<S>;
      return `${envNames[key] ?? String(key)}: ${i.message}`;
    });
    throw new Error(`${label}:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
