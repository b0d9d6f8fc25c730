import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configEnvNames, configSchema, loadConfig, resolveDataPath, type Config } from './config.ts';

describe('loadConfig', () => {
  it('gives the documented defaults with an empty environment', () => {
    expect(loadConfig({}, {})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      tokenTtlMinutes: 720,
      loginMaxFailures: 3,
      loginWindowMinutes: 15,
      loginBlockMinutes: 15,
      allowedOrigins: [],
      redisPrefix: 'reelcast',
      rateLimitApiPerMinute: 600,
      rateLimitLoginPerMinute: 20,
      rateLimitMoneyPerMinute: 30,
      rateLimitChatPerMinute: 30,
      bodyLimitBytes: 65536,
      logLevel: 'info',
      seed: true,
      trustProxy: [],
      permittedCountries: ['TR'],
      socketRecheckSeconds: 15,
      consoleApprovalAbove: 100_000,
      transferDeadlineSeconds: 30,
      registrationOpen: false,
      registrationLinkHours: 24,
      resetTokenMinutes: 30,
      rateLimitAccountMailPerHour: 5,
      rateLimitAccountMailIpPerHour: 20,
      turnUrls: [],
      turnTtlSeconds: 3600,
      drainSeconds: 5,
      reportTimeZone: 'UTC',
    });
  });

  it('names an environment variable for every setting', () => {
    expect(Object.keys(configEnvNames).sort()).toEqual(Object.keys(configSchema.shape).sort());
  });

  const fromEnv: [name: string, value: string, key: keyof Config, expected: unknown][] = [
    ['PORT', '9000', 'port', 9000],
    ['SOCKET_RECHECK_SECONDS', '2.5', 'socketRecheckSeconds', 2.5],
    ['PORT', '0', 'port', 0],
    ['HOST', '127.0.0.1', 'host', '127.0.0.1'],
    ['DATA_DIR', '/var/lib/reelcast', 'dataDir', '/var/lib/reelcast'],
    ['DATABASE_URL', 'postgres://u@db:5432/reelcast', 'databaseUrl', 'postgres://u@db:5432/reelcast'],
    ['REDIS_URL', 'redis://cache:6379', 'redisUrl', 'redis://cache:6379'],
    ['SETTINGS_FILE', '/etc/reelcast/Settings.json', 'settingsFile', '/etc/reelcast/Settings.json'],
    ['PORTAL_DIR', '/srv/portal', 'portalDir', '/srv/portal'],
    ['DOCS_DIR', '/srv/reelcast-docs', 'docsDir', '/srv/reelcast-docs'],
    ['TOKEN_TTL_MINUTES', '60', 'tokenTtlMinutes', 60],
    ['LOGIN_MAX_FAILURES', '5', 'loginMaxFailures', 5],
    ['LOGIN_WINDOW_MINUTES', '2.5', 'loginWindowMinutes', 2.5],
    ['LOGIN_BLOCK_MINUTES', '30', 'loginBlockMinutes', 30],
    ['BODY_LIMIT_BYTES', '1024', 'bodyLimitBytes', 1024],
    ['LOG_LEVEL', 'warn', 'logLevel', 'warn'],
    ['SEED', 'false', 'seed', false],
    ['SEED', '0', 'seed', false],
    ['SEED', 'true', 'seed', true],
    ['TRUST_PROXY', '1', 'trustProxy', ['loopback']],
    ['TRUST_PROXY', 'true', 'trustProxy', ['loopback']],
    ['TRUST_PROXY', 'false', 'trustProxy', []],
    ['TRUST_PROXY', '10.0.0.5, 10.1.0.0/16,uniquelocal,::1', 'trustProxy', ['10.0.0.5', '10.1.0.0/16', 'uniquelocal', '::1']],
    ['PERMITTED_COUNTRIES', 'tr, DE,cy', 'permittedCountries', ['TR', 'DE', 'CY']],
    ['MACHINE_API_TOKEN', 'a-service-token-of-32-characters', 'machineApiToken', 'a-service-token-of-32-characters'],
    ['REDIS_PREFIX', 'casino-2', 'redisPrefix', 'casino-2'],
    ['RATE_LIMIT_API_PER_MINUTE', '1200', 'rateLimitApiPerMinute', 1200],
    ['RATE_LIMIT_LOGIN_PER_MINUTE', '0', 'rateLimitLoginPerMinute', 0],
    ['RATE_LIMIT_MONEY_PER_MINUTE', '10', 'rateLimitMoneyPerMinute', 10],
    ['RATE_LIMIT_CHAT_PER_MINUTE', '5', 'rateLimitChatPerMinute', 5],
    ['REGISTRATION_OPEN', 'true', 'registrationOpen', true],
    ['REGISTRATION_LINK_HOURS', '48', 'registrationLinkHours', 48],
    ['RESET_TOKEN_MINUTES', '10', 'resetTokenMinutes', 10],
    ['SMTP_URL', 'smtp://mailer:secret@mail.example.com:587', 'smtpUrl', 'smtp://mailer:secret@mail.example.com:587'],
    ['SMTP_URL', 'smtps://mail.example.com', 'smtpUrl', 'smtps://mail.example.com'],
    ['MAIL_FROM', 'Casino <no-reply@example.com>', 'mailFrom', 'Casino <no-reply@example.com>'],
    ['RATE_LIMIT_ACCOUNT_MAIL_PER_HOUR', '3', 'rateLimitAccountMailPerHour', 3],
    ['RATE_LIMIT_ACCOUNT_MAIL_IP_PER_HOUR', '0', 'rateLimitAccountMailIpPerHour', 0],
    [
      'TURN_URLS',
      'turn:turn.example.com:3478?transport=udp, turns:turn.example.com:5349?transport=tcp',
      'turnUrls',
      ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349?transport=tcp'],
    ],
    ['TURN_SECRET', 'a-shared-secret', 'turnSecret', 'a-shared-secret'],
    ['TURN_TTL_SECONDS', '600', 'turnTtlSeconds', 600],
    ['REPORT_TIME_ZONE', 'Europe/Istanbul', 'reportTimeZone', 'Europe/Istanbul'],
    ['METRICS_TOKEN', 'a-scrape-token-of-32-characters!', 'metricsToken', 'a-scrape-token-of-32-characters!'],
  ];
  it.each(fromEnv)('%s=%s sets %s', (name, value, key, expected) => {
    const config = loadConfig({}, { [name]: value });
    expect(config[key]).toEqual(expected);
    expect(configEnvNames[key]).toBe(name);
  });

  it("leaves the machine agent's variables to the agent (apps/machine/src/config.ts)", () => {
    expect(loadConfig({}, { MACHINE_PORT: 'not a port', MACHINE_SEED: '', PLATFORM_URL: 'nonsense' })).toEqual(loadConfig({}, {}));
  });

  it('an empty environment variable counts as unset', () => {
    expect(loadConfig({}, { PORT: '', SEED: '', LOG_LEVEL: '' })).toMatchObject({ port: 8080, seed: true, logLevel: 'info' });
  });

  it('overrides (tests, CLI flags) win over the environment', () => {
    expect(loadConfig({ port: 1234, dataDir: '/x' }, { PORT: '9000', DATA_DIR: '/y' })).toMatchObject({ port: 1234, dataDir: '/x' });
  });

  it('reads process.env when no environment is given', () => {
    const before = process.env.TOKEN_TTL_MINUTES;
    process.env.TOKEN_TTL_MINUTES = '42';
    try {
      expect(loadConfig().tokenTtlMinutes).toBe(42);
    } finally {
      if (before === undefined) delete process.env.TOKEN_TTL_MINUTES;
      else process.env.TOKEN_TTL_MINUTES = before;
    }
  });

  const invalid: [name: string, value: string][] = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['TOKEN_TTL_MINUTES', '0'],
    ['LOGIN_MAX_FAILURES', 'many'],
    ['BODY_LIMIT_BYTES', '-5'],
    ['LOG_LEVEL', 'loud'],
    ['REPORT_TIME_ZONE', 'Mars/Olympus'],
    ['METRICS_TOKEN', 'short'],
    ['SEED', 'maybe'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '300.1.1.1'],
    ['PERMITTED_COUNTRIES', 'Turkey'],
    ['MACHINE_API_TOKEN', 'short'],
    ['REDIS_PREFIX', 'has space'],
    ['RATE_LIMIT_LOGIN_PER_MINUTE', '-1'],
    ['RATE_LIMIT_API_PER_MINUTE', 'lots'],
    ['REGISTRATION_OPEN', 'perhaps'],
    ['RESET_TOKEN_MINUTES', '0'],
    ['SMTP_URL', 'https://mail.example.com'],
    ['SMTP_URL', 'mail.example.com'],
    ['RATE_LIMIT_ACCOUNT_MAIL_PER_HOUR', '-2'],
    ['TURN_URLS', 'stun:stun.example.com:3478'],
    ['TURN_TTL_SECONDS', '0'],
  ];
  it.each(invalid)('%s=%s is an error that names %s', (name, value) => {
    expect(() => loadConfig({}, { [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n\\s+${name}: `));
  });

  it('names every invalid variable at once', () => {
    let message = '';
    try {
      loadConfig({}, { PORT: 'abc', LOG_LEVEL: 'loud', HOST: '0.0.0.0' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^\s+PORT: /m);
    expect(message).toMatch(/^\s+LOG_LEVEL: /m);
    expect(message).not.toMatch(/HOST/);
  });

  it.each([
    ['https://a.example', ['https://a.example']],
    ['https://a.example,https://b.example', ['https://a.example', 'https://b.example']],
    [' https://a.example , https://b.example ,, ', ['https://a.example', 'https://b.example']],
    [',', []],
  ])('ALLOWED_ORIGINS=%j → %j', (value, expected) => {
    expect(loadConfig({}, { ALLOWED_ORIGINS: value }).allowedOrigins).toEqual(expected);
  });

  it('ALLOWED_ORIGINS given as a list (override) is kept as is', () => {
    expect(loadConfig({ allowedOrigins: ['http://x.test'] }, { ALLOWED_ORIGINS: 'http://y.test' }).allowedOrigins).toEqual([
      'http://x.test',
    ]);
  });
});

describe('resolveDataPath', () => {
  it('resolves under the data folder', () => {
    const config = loadConfig({ dataDir: 'some/dir' }, {});
    expect(resolveDataPath(config, 'keys', 'a.json')).toBe(path.resolve('some/dir', 'keys', 'a.json'));
  });
});
