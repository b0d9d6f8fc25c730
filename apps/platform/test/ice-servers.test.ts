import fs from 'node:fs';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings, ErrorCode, iceServersAnswer } from '@reelcast/protocol';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/**
 * GET /player/ice-servers (docs/video.md "TURN"): Settings.json's iceServers, plus, with TURN_URLS and
 * TURN_SECRET, a TURN entry whose credential is the TURN REST API one coturn checks with
 * `use-auth-secret`, valid for TURN_TTL_SECONDS from the platform's clock.
 */

const SECRET = 'turn-shared-secret-for-tests';
const TURN_URLS = ['turn:turn.example.test:3478?transport=udp', 'turns:turn.example.test:5349?transport=tcp'];

describe('GET /player/ice-servers with TURN configured', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ turnUrls: TURN_URLS, turnSecret: SECRET, turnTtlSeconds: 900 });
  });
  afterAll(() => platform?.stop());

  it('answers the configured servers, then TURN with a credential for this player that ends TURN_TTL_SECONDS from now', async () => {
    const servers = [{ urls: 'stun:stun.example.test:3478' }];
    fs.writeFileSync(platform.services.settings.path, JSON.stringify({ ...defaultSettings, iceServers: servers }));
    const token = await platform.login();
    const me = (await platform.call('GET', '/player/profile', { token })).body;
    const answer = await platform.call('GET', '/player/ice-servers', { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = iceServersAnswer.parse(answer.body);
    const expiresAt = Math.floor(platform.clock.now().getTime() / 1000) + 900;
    expect(body.expiresAt).toBe(expiresAt);
    const playerId = me.id;
    expect(typeof playerId).toBe('number');
    const username = `${expiresAt}:${playerId}`;
    expect(body.iceServers).toEqual([
      ...servers,
      { urls: TURN_URLS, username, credential: createHmac('sha1', SECRET).update(username).digest('base64') },
    ]);
  });

  it('a new call later gives a credential that ends later (the platform clock decides)', async () => {
    const token = await platform.login();
    const first = iceServersAnswer.parse((await platform.call('GET', '/player/ice-servers', { token })).body);
    platform.clock.advanceMinutes(10);
    const second = iceServersAnswer.parse((await platform.call('GET', '/player/ice-servers', { token })).body);
    expect(second.expiresAt! - first.expiresAt!).toBe(600);
    expect(second.iceServers.at(-1)!.credential).not.toBe(first.iceServers.at(-1)!.credential);
  });

  it('refuses a caller without a live token (401, code 10): no credential for strangers', async () => {
    const answer = await platform.call('GET', '/player/ice-servers');
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(ErrorCode.SignatureNotVerified);
    const forged = await platform.call('GET', '/player/ice-servers', { token: 'not-a-token' });
    expect(forged.status).toBe(401);
  });
});

describe('GET /player/ice-servers without TURN', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    // TURN_URLS without TURN_SECRET gives no TURN entry either: there is nothing to sign with.
    platform = await startTestPlatform({ turnUrls: TURN_URLS });
  });
  afterAll(() => platform?.stop());

  it("answers just Settings.json's iceServers, no expiry", async () => {
    const token = await platform.login();
    const answer = await platform.call('GET', '/player/ice-servers', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ iceServers: defaultSettings.iceServers });
  });
});
