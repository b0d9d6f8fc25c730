import path from 'node:path';
import { z } from 'zod';
import { envBool as bool, envList as list, envPort, envTrustProxy, parseEnv, validTimeZone } from '@reelcast/protocol/server';

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
  /** [DOCS_DIR] the documentation pages (/documentation, docs/documentation.md); default the repository's docs/. */
  docsDir: z.string().optional(),
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
  /**
   * [CONSOLE_APPROVAL_ABOVE] a console deposit or withdrawal above this amount (minor units) waits for a second
   * admin's approval before it posts (four eyes, docs/console.md "Money"); 0: every one does.
   */
  consoleApprovalAbove: z.coerce.number().int().nonnegative().default(100_000),
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
  /**
   * [TRUST_PROXY] the proxies whose X-Forwarded-For gives the client IP (login protection, audit, the IP
   * check): none by default; `true` is `loopback`; or addresses/CIDRs (docs/ip-check.md).
   */
  trustProxy: envTrustProxy.default([]),
  /**
   * [PERMITTED_COUNTRIES] ISO 3166 alpha-2 codes allowed in while Settings.json's `ipCheck` is on
   * (docs/ip-check.md); a LAN or loopback address is always allowed.
   */
  permittedCountries: list
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[A-Za-z]{2}$/, 'two-letter country codes (ISO 3166 alpha-2)')
          .transform((c) => c.toUpperCase()),
      ),
    )
    .default(['TR']),
  /**
   * [PUBLIC_URL] how browsers reach the portal; default http://localhost:{port} (also as 127.0.0.1 and [::1]).
   * Its origin is allowed on the API, the sockets and the machine agents; https turns on HSTS.
   */
  publicUrl: z.string().url().optional(),
  /** [MACHINE_API_TOKEN] service token of machine agents; default: created in {dataDir}/keys/machine-api-token. */
  machineApiToken: z.string().min(16).optional(),
  /**
   * [KEYS_DIR] folder with the token signing key pair (jwt-ed25519.json) and the machine service token
   * (machine-api-token), as `reelcast keys generate --out` writes it: read, never created. Required on
   * PostgreSQL (every instance needs the same keys); without it the embedded database's {dataDir}/keys is used.
   */
  keysDir: z.string().min(1).optional(),
  /** [DRAIN_SECONDS] on SIGTERM/SIGINT, how long /readyz answers 503 (still serving) before the instance stops accepting. */
  drainSeconds: z.coerce.number().nonnegative().default(5),
  /** [REGISTRATION_OPEN] players may open their own account, confirmed by mail (docs/self-service.md); off by default. */
  registrationOpen: bool.default(false),
  /** [REGISTRATION_LINK_HOURS] how long a registration's confirmation link works. */
  registrationLinkHours: z.coerce.number().positive().default(24),
  /** [RESET_TOKEN_MINUTES] how long a password reset link works. */
  resetTokenMinutes: z.coerce.number().positive().default(30),
  /**
   * [SMTP_URL] the mail server, e.g. smtp://user:pass@mail.example.com:587 (smtps:// for TLS from the start);
   * without it every mail is written to {dataDir}/outbox/ as an .eml file and its link logged (docs/self-service.md).
   */
  smtpUrl: z
    .string()
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), 'an smtp:// or smtps:// URL')
    .optional(),
  /** [MAIL_FROM] the sender of the mails; default Reelcast <no-reply@{PUBLIC_URL's host}>. */
  mailFrom: z.string().min(3).optional(),
  /**
   * [RATE_LIMIT_ACCOUNT_MAIL_PER_HOUR] registrations and reset requests per e-mail address (or username) per hour,
   * on all instances together; 0 is off.
   */
  rateLimitAccountMailPerHour: z.coerce.number().int().nonnegative().default(5),
  /** [RATE_LIMIT_ACCOUNT_MAIL_IP_PER_HOUR] registrations and reset requests per client IP per hour; 0 is off. */
  rateLimitAccountMailIpPerHour: z.coerce.number().int().nonnegative().default(20),
  /**
   * [TURN_URLS] comma-separated TURN server URLs handed to signed-in players with time-limited credentials
   * (GET /player/ice-servers, docs/video.md), e.g. turn:turn.example.com:3478?transport=udp; with TURN_SECRET.
   */
  turnUrls: list.pipe(z.array(z.string().regex(/^turns?:[^\s,]+$/, 'turn: or turns: URLs'))).default([]),
  /** [TURN_SECRET] the TURN server's shared secret (coturn `static-auth-secret`); without it no TURN entry is given. */
  turnSecret: z.string().min(1).optional(),
  /** [TURN_TTL_SECONDS] how long a TURN credential handed to a player works. */
  turnTtlSeconds: z.coerce.number().int().positive().default(3600),
  /**
   * [REPORT_TIME_ZONE] the IANA zone whose midnights bound the days of the console's reports
   * (docs/console.md "Reports"), e.g. Europe/Istanbul.
   */
  reportTimeZone: z.string().refine(validTimeZone, 'an IANA time zone, e.g. UTC or Europe/Istanbul').default('UTC'),
  /**
   * [METRICS_TOKEN] the Bearer token Prometheus sends to scrape GET /metrics (docs/operations.md); without
   * it /metrics answers 404.
   */
  metricsToken: z.string().min(16).optional(),
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
  docsDir: 'DOCS_DIR',
  tokenTtlMinutes: 'TOKEN_TTL_MINUTES',
  loginMaxFailures: 'LOGIN_MAX_FAILURES',
  loginWindowMinutes: 'LOGIN_WINDOW_MINUTES',
  loginBlockMinutes: 'LOGIN_BLOCK_MINUTES',
  allowedOrigins: 'ALLOWED_ORIGINS',
  socketRecheckSeconds: 'SOCKET_RECHECK_SECONDS',
  consoleApprovalAbove: 'CONSOLE_APPROVAL_ABOVE',
  transferDeadlineSeconds: 'TRANSFER_DEADLINE_SECONDS',
  rateLimitApiPerMinute: 'RATE_LIMIT_API_PER_MINUTE',
  rateLimitLoginPerMinute: 'RATE_LIMIT_LOGIN_PER_MINUTE',
  rateLimitMoneyPerMinute: 'RATE_LIMIT_MONEY_PER_MINUTE',
  rateLimitChatPerMinute: 'RATE_LIMIT_CHAT_PER_MINUTE',
  bodyLimitBytes: 'BODY_LIMIT_BYTES',
  logLevel: 'LOG_LEVEL',
  seed: 'SEED',
  trustProxy: 'TRUST_PROXY',
  permittedCountries: 'PERMITTED_COUNTRIES',
  publicUrl: 'PUBLIC_URL',
  machineApiToken: 'MACHINE_API_TOKEN',
  keysDir: 'KEYS_DIR',
  drainSeconds: 'DRAIN_SECONDS',
  registrationOpen: 'REGISTRATION_OPEN',
  registrationLinkHours: 'REGISTRATION_LINK_HOURS',
  resetTokenMinutes: 'RESET_TOKEN_MINUTES',
  smtpUrl: 'SMTP_URL',
  mailFrom: 'MAIL_FROM',
  rateLimitAccountMailPerHour: 'RATE_LIMIT_ACCOUNT_MAIL_PER_HOUR',
  rateLimitAccountMailIpPerHour: 'RATE_LIMIT_ACCOUNT_MAIL_IP_PER_HOUR',
  turnUrls: 'TURN_URLS',
  turnSecret: 'TURN_SECRET',
  turnTtlSeconds: 'TURN_TTL_SECONDS',
  reportTimeZone: 'REPORT_TIME_ZONE',
  metricsToken: 'METRICS_TOKEN',
};

export const configEnvNames = envNames;

/** Reads the configuration from the environment, then applies `overrides` (tests, CLI flags). */
export function loadConfig(overrides: Partial<Config> = {}, env: NodeJS.ProcessEnv = process.env): Config {
  return parseEnv(configSchema, envNames, env, overrides, 'Invalid configuration');
}

export function resolveDataPath(config: Config, ...parts: string[]): string {
  return path.resolve(config.dataDir, ...parts);
}
