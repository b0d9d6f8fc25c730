import path from 'node:path';
import { z } from 'zod';
import { envBool as bool, envList as list, envPort, parseEnv } from '@reelcast/protocol/server';

/**
 * Platform configuration: every field has a default, every one can be set from the environment
 * (the name in brackets). docs/configuration.md lists them.
 */
export const configSchema = z.object({
  /** [PORT] HTTP port of the portal, the REST API and the sockets. */
  port: envPort.default(8080),
  /** [HOST] */
  host: z.string().default('0.0.0.0'),
  /** [DATA_DIR] embedded database, signing keys and Settings.json live here. */
  dataDir: z.string().default('./data'),
  /** [DATABASE_URL] PostgreSQL instead of the embedded database. */
  databaseUrl: z.string().optional(),
  /** [REDIS_URL] shares pushes and rate-limit counters between platform instances. */
  redisUrl: z.string().optional(),
  /**
   * [REDIS_PREFIX] start of every Redis key and channel of this deployment (`{prefix}:bus:…`,
   * `{prefix}:rate-limit:…`), so two deployments can share one Redis without hearing each other.
   */
  redisPrefix: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, . _ - (at most 64)')
    .default('reelcast'),
  /** [SETTINGS_FILE] the portal's Settings.json; default {dataDir}/Settings.json. */
  settingsFile: z.string().optional(),
  /** [PORTAL_DIR] built portal to serve; default apps/portal/dist. */
  portalDir: z.string().optional(),
  /** [TOKEN_TTL_MINUTES] access token lifetime. */
  tokenTtlMinutes: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 60),
  /** [LOGIN_MAX_FAILURES] wrong passwords within the window that block the account. */
  loginMaxFailures: z.coerce.number().int().positive().default(3),
  /** [LOGIN_WINDOW_MINUTES] */
  loginWindowMinutes: z.coerce.number().positive().default(15),
  /** [LOGIN_BLOCK_MINUTES] */
  loginBlockMinutes: z.coerce.number().positive().default(15),
  /**
   * [ALLOWED_ORIGINS] comma-separated browser origins allowed on the API and sockets besides PUBLIC_URL's
   * (scheme, host and port, e.g. https://play.example.com); '*' allows every origin (docs/security.md).
   */
  allowedOrigins: list.default([]),
  /**
   * [SOCKET_RECHECK_SECONDS] how often each instance checks that its notification sockets' sessions are
   * still live (an expiry, or a CLI ban without Redis, closes them within this time).
   */
  socketRecheckSeconds: z.coerce.number().positive().default(15),
  /** [TRANSFER_DEADLINE_SECONDS] a reserved cash-in not posted by a machine in this time is voided. */
  transferDeadlineSeconds: z.coerce.number().int().positive().default(30),
  /** [RATE_LIMIT_API_PER_MINUTE] API calls per client IP per minute (every REST call of the portal); 0 is off. */
  rateLimitApiPerMinute: z.coerce.number().int().nonnegative().default(600),
  /** [RATE_LIMIT_LOGIN_PER_MINUTE] sign-in attempts per client IP per minute, whatever the username; 0 is off. */
  rateLimitLoginPerMinute: z.coerce.number().int().nonnegative().default(20),
  /** [RATE_LIMIT_MONEY_PER_MINUTE] calls that move a player's money (promotions, kick, cancel) per player per minute; 0 is off. */
  rateLimitMoneyPerMinute: z.coerce.number().int().nonnegative().default(30),
  /** [RATE_LIMIT_CHAT_PER_MINUTE] chat messages an account may send per minute (docs/chat.md); 0 is off. */
  rateLimitChatPerMinute: z.coerce.number().int().nonnegative().default(30),
  /** [BODY_LIMIT_BYTES] */
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /** [LOG_LEVEL] */
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** [SEED] seed the demo players, brands and machines into an empty database. */
  seed: bool.default(true),
  /** [TRUST_PROXY] take the client IP from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: bool.default(false),
  /**
   * [PUBLIC_URL] how browsers reach the portal; default http://localhost:{port} (also as 127.0.0.1 and [::1]).
   * Its origin is allowed on the API, the sockets and the machine agents; https turns on HSTS.
   */
  publicUrl: z.string().url().optional(),
  /** [MACHINE_API_TOKEN] service token of machine agents; default: created in {dataDir}/keys/machine-api-token. */
  machineApiToken: z.string().min(16).optional(),
});
export type Config = z.infer<typeof configSchema>;

const envNames: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  redisUrl: 'REDIS_URL',
  redisPrefix: 'REDIS_PREFIX',
  settingsFile: 'SETTINGS_FILE',
  portalDir: 'PORTAL_DIR',
  tokenTtlMinutes: 'TOKEN_TTL_MINUTES',
  loginMaxFailures: 'LOGIN_MAX_FAILURES',
  loginWindowMinutes: 'LOGIN_WINDOW_MINUTES',
  loginBlockMinutes: 'LOGIN_BLOCK_MINUTES',
  allowedOrigins: 'ALLOWED_ORIGINS',
  socketRecheckSeconds: 'SOCKET_RECHECK_SECONDS',
  transferDeadlineSeconds: 'TRANSFER_DEADLINE_SECONDS',
  rateLimitApiPerMinute: 'RATE_LIMIT_API_PER_MINUTE',
  rateLimitLoginPerMinute: 'RATE_LIMIT_LOGIN_PER_MINUTE',
  rateLimitMoneyPerMinute: 'RATE_LIMIT_MONEY_PER_MINUTE',
  rateLimitChatPerMinute: 'RATE_LIMIT_CHAT_PER_MINUTE',
  bodyLimitBytes: 'BODY_LIMIT_BYTES',
  logLevel: 'LOG_LEVEL',
  seed: 'SEED',
  trustProxy: 'TRUST_PROXY',
  publicUrl: 'PUBLIC_URL',
  machineApiToken: 'MACHINE_API_TOKEN',
};

export const configEnvNames = envNames;

/** Reads the configuration from the environment, then applies `overrides` (tests, CLI flags). */
export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(configSchema, envNames, env, overrides, 'Invalid configuration');
}

export function resolveDataPath(config: Config, ...parts: string[]): string {
  return path.resolve(config.dataDir, ...parts);
}
