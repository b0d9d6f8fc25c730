import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentConfig, agentEnvNames, agentPublicUrl, agentSettingsSchema, loadAgentSettings, type AgentSettings } from './config.ts';

describe('loadAgentSettings', () => {
  it('gives the documented defaults with an empty environment', () => {
    expect(loadAgentSettings({}, {})).toEqual({
      port: 8081,
      host: '0.0.0.0',
      dataDir: './data',
      seed: 'reelcast',
      videoPath: 'forward',
      videoCodec: 'h264',
      videoFrameStamp: false,
      signInRecheckSeconds: 15,
      playerRatePerSecond: 20,
      playerBurst: 40,
      platformUrl: 'http://localhost:8080',
      allowedOrigins: [],
      trustProxy: [],
      logLevel: 'info',
    });
  });

  it('names an environment variable for every setting', () => {
    expect(Object.keys(agentEnvNames).sort()).toEqual(Object.keys(agentSettingsSchema.shape).sort());
  });

  const fromEnv: [name: string, value: string, key: keyof AgentSettings, expected: unknown][] = [
    ['MACHINE_PORT', '9001', 'port', 9001],
    ['MACHINE_PORT', '0', 'port', 0],
    ['HOST', '127.0.0.1', 'host', '127.0.0.1'],
    ['MACHINE_PUBLIC_URL', 'https://cabinets.example', 'publicUrl', 'https://cabinets.example'],
    ['DATA_DIR', '/var/lib/reelcast', 'dataDir', '/var/lib/reelcast'],
    ['MACHINE_SEED', 'hall-2', 'seed', 'hall-2'],
    ['MACHINE_VIDEO_PATH', 'per-viewer', 'videoPath', 'per-viewer'],
    ['MACHINE_VIDEO_PATH', 'forward', 'videoPath', 'forward'],
    ['MACHINE_VIDEO_CODEC', 'vp8', 'videoCodec', 'vp8'],
    ['MACHINE_VIDEO_CODEC', 'h264', 'videoCodec', 'h264'],
    ['MACHINE_VIDEO_FRAME_STAMP', 'true', 'videoFrameStamp', true],
    ['MACHINE_VIDEO_FRAME_STAMP', '1', 'videoFrameStamp', true],
    ['MACHINE_SIGN_IN_RECHECK_SECONDS', '2.5', 'signInRecheckSeconds', 2.5],
    ['MACHINE_PLAYER_MESSAGES_PER_SECOND', '5', 'playerRatePerSecond', 5],
    ['MACHINE_PLAYER_MESSAGE_BURST', '10', 'playerBurst', 10],
    ['PLATFORM_URL', 'http://platform.internal:8080', 'platformUrl', 'http://platform.internal:8080'],
    ['MACHINE_API_TOKEN', 'a-service-token-of-32-characters', 'serviceToken', 'a-service-token-of-32-characters'],
    ['PUBLIC_URL', 'https://play.example', 'portalUrl', 'https://play.example'],
    ['ALLOWED_ORIGINS', 'https://a.example, https://b.example', 'allowedOrigins', ['https://a.example', 'https://b.example']],
    ['LOG_LEVEL', 'warn', 'logLevel', 'warn'],
    ['METRICS_TOKEN', 'a-scrape-token-of-32-characters!', 'metricsToken', 'a-scrape-token-of-32-characters!'],
    ['TRUST_PROXY', 'false', 'trustProxy', []],
    ['TRUST_PROXY', 'true', 'trustProxy', ['loopback']],
    ['TRUST_PROXY', '10.0.0.5, 192.168.0.0/16, uniquelocal', 'trustProxy', ['10.0.0.5', '192.168.0.0/16', 'uniquelocal']],
  ];
  it.each(fromEnv)('%s=%s sets %s', (name, value, key, expected) => {
    expect(loadAgentSettings({}, { [name]: value })[key]).toEqual(expected);
    expect(agentEnvNames[key]).toBe(name);
  });

  const invalid: [name: string, value: string][] = [
    ['MACHINE_PORT', '70000'],
    ['MACHINE_PORT', 'abc'],
    ['MACHINE_PUBLIC_URL', 'not a url'],
    ['MACHINE_VIDEO_PATH', 'sfu'],
    ['MACHINE_VIDEO_CODEC', 'av1'],
    ['MACHINE_VIDEO_FRAME_STAMP', 'yes please'],
    ['MACHINE_SIGN_IN_RECHECK_SECONDS', '0'],
    ['MACHINE_PLAYER_MESSAGE_BURST', '2.5'],
    ['PLATFORM_URL', 'platform'],
    ['MACHINE_API_TOKEN', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_TOKEN', 'short'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
  ];
  it.each(invalid)('%s=%s is an error that names it', (name, value) => {
    expect(() => loadAgentSettings({}, { [name]: value })).toThrow(new RegExp(`^Invalid machine agent configuration:\\n\\s+${name}: `));
  });

  it('overrides (CLI flags, reelcast start) win over the environment', () => {
    expect(
      loadAgentSettings({ port: 0, platformUrl: 'http://127.0.0.1:1234' }, { MACHINE_PORT: '9001', PLATFORM_URL: 'http://x:1' }),
    ).toMatchObject({
      port: 0,
      platformUrl: 'http://127.0.0.1:1234',
    });
  });
});

describe('agentConfig', () => {
  it("allows the portal's origin (PUBLIC_URL, else PLATFORM_URL) and ALLOWED_ORIGINS on the game sockets and video", () => {
    const token = { MACHINE_API_TOKEN: 'a-service-token-of-32-characters' };
    expect(agentConfig(loadAgentSettings({}, token)).allowedOrigins).toEqual(['http://localhost:8080']);
    expect(
      agentConfig(loadAgentSettings({}, { ...token, PUBLIC_URL: 'https://play.example', ALLOWED_ORIGINS: 'https://b.example' }))
        .allowedOrigins,
    ).toEqual(['https://play.example', 'https://b.example']);
  });

  it('reads the service token the platform wrote in the data folder when MACHINE_API_TOKEN is unset, and says what is missing otherwise', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-config-'));
    try {
      expect(() => agentConfig(loadAgentSettings({ dataDir }, {}))).toThrow(
        /no machine service token: set MACHINE_API_TOKEN or run where .*machine-api-token exists/,
      );
      fs.mkdirSync(path.join(dataDir, 'keys'));
      fs.writeFileSync(path.join(dataDir, 'keys', 'machine-api-token'), 'token-from-the-platform-0123456789\n');
      expect(agentConfig(loadAgentSettings({ dataDir }, {})).serviceToken).toBe('token-from-the-platform-0123456789');
      expect(agentConfig(loadAgentSettings({ dataDir }, { MACHINE_API_TOKEN: 'a-service-token-of-32-characters' })).serviceToken).toBe(
        'a-service-token-of-32-characters',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('passes every setting on to the agent', () => {
    const settings = loadAgentSettings(
      {},
      {
        MACHINE_API_TOKEN: 'a-service-token-of-32-characters',
        MACHINE_PORT: '9001',
        MACHINE_PUBLIC_URL: 'https://cabinets.example',
        MACHINE_SEED: 'hall-2',
        MACHINE_VIDEO_PATH: 'per-viewer',
        MACHINE_VIDEO_CODEC: 'vp8',
        MACHINE_VIDEO_FRAME_STAMP: 'true',
        MACHINE_SIGN_IN_RECHECK_SECONDS: '3',
        MACHINE_PLAYER_MESSAGES_PER_SECOND: '5',
        MACHINE_PLAYER_MESSAGE_BURST: '7',
        PLATFORM_URL: 'http://platform.internal:8080',
        DATA_DIR: '/srv/reelcast',
        HOST: '127.0.0.1',
        TRUST_PROXY: '10.1.2.3',
      },
    );
    expect(agentConfig(settings, { machineIds: [2] })).toEqual({
      platformUrl: 'http://platform.internal:8080',
      serviceToken: 'a-service-token-of-32-characters',
      port: 9001,
      host: '127.0.0.1',
      publicUrl: 'https://cabinets.example',
      dataDir: '/srv/reelcast',
      seed: 'hall-2',
      videoPath: 'per-viewer',
      videoCodec: 'vp8',
      videoFrameStamp: true,
      signInRecheckSeconds: 3,
      playerRatePerSecond: 5,
      playerBurst: 7,
      allowedOrigins: ['http://platform.internal:8080'],
      trustProxy: ['10.1.2.3'],
      machineIds: [2],
    });
    expect(agentPublicUrl(settings)).toBe('https://cabinets.example');
    expect(agentPublicUrl(loadAgentSettings({}, {}))).toBe('http://localhost:8081');
  });
});
