import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AuditType, defaultSettings, ErrorCode, errorMessages, ipCheckAnswer, seatAnswer } from '@reelcast/protocol';
import { auditLog } from '../src/db/schema.ts';
import { startTestPlatform, type TestPlatform, addressesIn, addressIn, countryRefusals } from '@reelcast/testing';

/**
 * The IP / country check (docs/ip-check.md) on a real platform: GET /check with client addresses of
 * several countries from the shipped database, what TRUST_PROXY lets a header change, and the server's
 * refusal (10703, audited) of sign-in, money and seat calls from a country outside PERMITTED_COUNTRIES.
 */

const TR = addressIn('TR');
const DE = addressIn('DE');
const US = addressIn('US');
const JP = addressIn('JP');
const TR6 = addressIn('TR', 6);
const US6 = addressIn('US', 6);

const REFUSED = { code: ErrorCode.IpNotPermitted, ErrorMessage: errorMessages[ErrorCode.IpNotPermitted] };

function settingsFileWith(ipCheck: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ip-check-settings-'));
  const file = path.join(dir, 'Settings.json');
  fs.writeFileSync(file, JSON.stringify({ ...defaultSettings, ipCheck }));
  return file;
}

/** Turns the check on or off as an operator does: Settings.json, no restart. */
const setIpCheck = (platform: TestPlatform, ipCheck: boolean) =>
  fs.writeFileSync(platform.services.settings.path, JSON.stringify({ ...defaultSettings, ipCheck }));

const from = (ip: string) => ({ 'x-forwarded-for': ip });

async function check(platform: TestPlatform, forwardedFor?: string) {
  const answer = await platform.call('GET', '/check', { headers: forwardedFor === undefined ? {} : from(forwardedFor) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  return ipCheckAnswer.parse(answer.body);
}

const allowed = (ip: string, country: string) => ({ status: 1, code: ErrorCode.Success, ip, country });
const blocked = (ip: string, country: string) => ({ status: 0, code: 0, ip, country });

describe('behind a trusted proxy on loopback (TRUST_PROXY=true), PERMITTED_COUNTRIES=TR,DE', () => {
  let platform: TestPlatform;
  let settingsFile: string;
  beforeAll(async () => {
    // The check is on from the start, so the platform loads the database before it listens.
    settingsFile = settingsFileWith(true);
    platform = await startTestPlatform({
      trustProxy: ['loopback'],
      permittedCountries: ['TR', 'DE'],
      settingsFile,
      // Per client address, and the client address is the forwarded one: each test uses its own.
      rateLimitLoginPerMinute: 10,
    });
  });
  afterAll(async () => {
    await platform?.stop();
    fs.rmSync(path.dirname(settingsFile), { recursive: true, force: true });
  });

  describe('GET /check', () => {
    it('with the check on: the permitted countries and LAN are allowed, any other country is blocked', async () => {
      setIpCheck(platform, true);
      expect(await check(platform, TR)).toEqual(allowed(TR, 'TR'));
      expect(await check(platform, DE)).toEqual(allowed(DE, 'DE'));
      expect(await check(platform, US)).toEqual(blocked(US, 'US'));
      expect(await check(platform, JP)).toEqual(blocked(JP, 'JP'));
      expect(await check(platform, TR6)).toEqual(allowed(TR6, 'TR'));
      expect(await check(platform, US6)).toEqual(blocked(US6, 'US'));
      expect(await check(platform, `::ffff:${US}`)).toEqual(blocked(`::ffff:${US}`, 'US'));
      expect(await check(platform, `::ffff:${TR}`)).toEqual(allowed(`::ffff:${TR}`, 'TR'));
    });

    it("answers 'LAN' for private, loopback and link-local addresses, always allowed", async () => {
      setIpCheck(platform, true);
      expect(await check(platform)).toEqual(allowed('127.0.0.1', 'LAN'));
      for (const ip of ['10.1.2.3', '192.168.0.10', '172.20.0.1', '100.64.1.1', '169.254.3.4', 'fd00::1', 'fe80::1', '::1'])
        expect(await check(platform, ip)).toEqual(allowed(ip, 'LAN'));
    });

    it("answers 'ZZ', blocked, for a public address the database does not place and for what is no address", async () => {
      setIpCheck(platform, true);
      expect(await check(platform, '192.0.2.1')).toEqual(blocked('192.0.2.1', 'ZZ'));
      expect(await check(platform, '2001:db8::1')).toEqual(blocked('2001:db8::1', 'ZZ'));
      expect(await check(platform, 'not-an-address')).toEqual(blocked('not-an-address', 'ZZ'));
    });

    it('believes only the last hop the trusted proxy added: an address the client wrote in front changes nothing', async () => {
      setIpCheck(platform, true);
      expect(await check(platform, `${TR}, ${US}`)).toEqual(blocked(US, 'US'));
      expect(await check(platform, `${US}, ${TR}`)).toEqual(allowed(TR, 'TR'));
    });

    it('with the check off: everyone is allowed, the country is still told', async () => {
      setIpCheck(platform, false);
      expect(await check(platform, US)).toEqual(allowed(US, 'US'));
      expect(await check(platform, JP)).toEqual(allowed(JP, 'JP'));
      expect(await check(platform, '192.0.2.1')).toEqual(allowed('192.0.2.1', 'ZZ'));
      setIpCheck(platform, true);
      expect(await check(platform, US)).toEqual(blocked(US, 'US'));
    });

    it('needs no token and is in the OpenAPI document with the answer schema', async () => {
      setIpCheck(platform, true);
      const answer = await platform.call('GET', '/check', { headers: { ...from(TR), authorization: 'Bearer nonsense' } });
      expect(answer.body).toEqual(allowed(TR, 'TR'));
      const docs = await platform.call('GET', '/docs/json');
      const operation = docs.body.paths['/check'].get;
      expect(operation.security).toBeUndefined();
      expect(Object.keys(operation.responses['200'].content['application/json'].schema.properties).sort()).toEqual([
        'code',
        'country',
        'ip',
        'status',
      ]);
    });

    it('answers JSON 404 under /check, never the portal page', async () => {
      const answer = await platform.call('GET', '/check/more', { headers: { accept: 'text/html' } });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe(ErrorCode.NotFound);
    });
  });

  describe('the server refuses a blocked country (403, 10703, audited)', () => {
    const login = (ip: string, username = 'demo', password = 'demo1234') =>
      platform.call('POST', '/login', { body: { username, password, site_id: 1 }, headers: from(ip) });

    it('POST /login, before the password is checked: wrong passwords from a blocked country never count', async () => {
      setIpCheck(platform, true);
      const [first, second] = addressesIn('US', 4, 8).slice(2);
      for (const password of ['demo1234', 'wrong-1', 'wrong-2', 'wrong-3', 'wrong-4']) {
        const answer = await login(first!, 'demo2', password);
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual(REFUSED);
      }
      expect(await countryRefusals(platform, first!)).toEqual(
        Array(5).fill({ username: 'demo2', playerId: null, detail: { reason: 'country', country: 'US', route: 'POST /login' } }),
      );
      // No wrong password was counted (3 would have blocked the account): the right one works from Turkey.
      const fromTurkey = await login(addressesIn('TR', 4, 3)[1]!, 'demo2', 'demo1234');
      expect(fromTurkey.status, JSON.stringify(fromTurkey.body)).toBe(200);
      expect(fromTurkey.body.ip_address).toBe(addressesIn('TR', 4, 3)[1]);
      // An unknown user from a blocked country: the same refusal, so it tells nothing about who exists.
      expect((await login(second!, 'nobody-at-all', 'whatever')).body).toEqual(REFUSED);
    });

    it('keeps the rate limit first: the 11th sign-in of a minute from one blocked address is 429, not 10703', async () => {
      setIpCheck(platform, true);
      const ip = addressesIn('JP', 4, 4)[3]!;
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await login(ip));
      expect(answers.slice(0, 10).map((a) => a.body.code)).toEqual(Array(10).fill(ErrorCode.IpNotPermitted));
      expect(answers[10]!.status).toBe(429);
      expect(await countryRefusals(platform, ip)).toHaveLength(10);
    });

    it("POST /login/token and GET /validate, naming the token's player in the audit log", async () => {
      setIpCheck(platform, true);
      const token = (await login(TR)).body.token as string;
      const player = await platform.services.players.findByLogin('demo');
      const ip = addressesIn('US', 4, 8)[4]!;
      const tokenSignIn = await platform.call('POST', '/login/token', { token, headers: from(ip) });
      expect(tokenSignIn.status).toBe(403);
      expect(tokenSignIn.body).toEqual(REFUSED);
      const validate = await platform.call('GET', '/validate', { token, headers: from(ip) });
      expect(validate.status).toBe(403);
      expect(validate.body).toEqual(REFUSED);
      // A token that is no good, from a blocked country: refused the same, the audit has no name.
      const bad = await platform.call('GET', '/validate', { token: 'not-a-token', headers: from(ip) });
      expect(bad.body).toEqual(REFUSED);
      expect(await countryRefusals(platform, ip)).toEqual([
        { username: 'demo', playerId: player!.id, detail: { reason: 'country', country: 'US', route: 'POST /login/token' } },
        { username: 'demo', playerId: player!.id, detail: { reason: 'country', country: 'US', route: 'GET /validate' } },
        { username: '', playerId: null, detail: { reason: 'country', country: 'US', route: 'GET /validate' } },
      ]);
      // From Turkey the same token works.
      expect((await platform.call('POST', '/login/token', { token, headers: from(TR) })).status).toBe(200);
      expect((await platform.call('GET', '/validate', { token, headers: from(TR) })).status).toBe(200);
    });

    it('the promotion claims, /player/kick and /player/cancel, once the token is checked', async () => {
      setIpCheck(platform, true);
      const token = (await login(TR)).body.token as string;
      const player = await platform.services.players.findByLogin('demo');
      const ip = addressesIn('US', 4, 8)[5]!;
      const calls: [method: string, url: string, body?: unknown][] = [
        ['GET', '/player/discount'],
        ['GET', '/player/bonus'],
        ['GET', '/player/bonus/weekly'],
        ['POST', '/player/kick', { machineId: 1 }],
        ['POST', '/player/cancel', { machineId: 1 }],
      ];
      for (const [method, url, body] of calls) {
        const refused = await platform.call(method, url, { token, body, headers: from(ip) });
        expect(refused.status, url).toBe(403);
        // A promotion call's refusal keeps SPEC §3's shape (docs/business-rules.md): status false too.
        expect(refused.body, url).toEqual(method === 'GET' ? { ...REFUSED, status: false } : REFUSED);
        // From Turkey the call reaches its route: a promotion answers, kick and cancel find no seat of this player.
        const fromTurkey = await platform.call(method, url, { token, body, headers: from(TR) });
        expect(fromTurkey.body.code, url).not.toBe(ErrorCode.IpNotPermitted);
        expect(fromTurkey.status, url).toBe(method === 'GET' ? 200 : 403);
      }
      expect(await countryRefusals(platform, ip)).toEqual(
        calls.map(([method, url]) => ({
          username: 'demo',
          playerId: player!.id,
          detail: { reason: 'country', country: 'US', route: `${method} ${url}` },
        })),
      );
      // Without a token the answer is still 401: who is asking is checked first.
      expect((await platform.call('GET', '/player/discount', { headers: from(ip) })).status).toBe(401);
    });

    it('lets the same calls through once the check is turned off (no restart)', async () => {
      const ip = addressesIn('US', 4, 8)[6]!;
      setIpCheck(platform, false);
      const answer = await login(ip);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await platform.call('GET', '/validate', { token: answer.body.token, headers: from(ip) })).status).toBe(200);
      expect(await countryRefusals(platform, ip)).toEqual([]);
      setIpCheck(platform, true);
      expect((await login(ip)).body).toEqual(REFUSED);
    });

    it('50 concurrent sign-ins from a blocked country are all refused, each audited, none counted as a wrong password', async () => {
      setIpCheck(platform, true);
      const username = 'crowd';
      await platform.services.players.create({ username, email: 'crowd@x.test', password: 'crowd-pass' });
      const ips = addressesIn('GB', 4, 50);
      const answers = await Promise.all(ips.map((ip, i) => login(ip, username, i % 2 ? 'crowd-pass' : `wrong-${i}`)));
      expect(answers.map((a) => a.status)).toEqual(Array(50).fill(403));
      expect(answers.every((a) => a.body.code === ErrorCode.IpNotPermitted)).toBe(true);
      const rows = await platform.services.database.db.select().from(auditLog).where(eq(auditLog.username, username));
      expect(rows.map((r) => r.type)).toEqual(Array(50).fill(AuditType.NotAllowed));
      expect(new Set(rows.map((r) => r.ip))).toEqual(new Set(ips));
      expect((await login(TR, username, 'crowd-pass')).status).toBe(200);
    });
  });

  describe('the seat on a machine', () => {
    const machineApi = (machineId: number, body: unknown) =>
      platform.call('POST', `/machine-api/machines/${machineId}/seat`, { token: platform.services.machineApiToken, body });
    const closeSeat = (sessionId: string) =>
      platform.call('POST', `/machine-api/sessions/${sessionId}/close`, {
        token: platform.services.machineApiToken,
        body: { reason: 'left', spins: 0, totalBet: 0, totalWon: 0 },
      });

    it('is refused for the address the agent reports from a blocked country, or no address, while the check is on', async () => {
      setIpCheck(platform, true);
      const token = await platform.call('POST', '/login', {
        body: { username: 'demo2', password: 'demo1234', site_id: 1 },
        headers: from(TR),
      });
      const playerToken = token.body.token as string;
      const player = await platform.services.players.findByLogin('demo2');
      const ip = addressesIn('US', 4, 8)[7]!;

      const refused = await machineApi(5, { token: playerToken, ip });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(REFUSED);
      expect(await countryRefusals(platform, ip)).toEqual([
        {
          username: 'demo2',
          playerId: player!.id,
          detail: { reason: 'country', country: 'US', route: 'POST /machine-api/machines/:id/seat' },
        },
      ]);
      expect((await machineApi(5, { token: playerToken })).body).toEqual(REFUSED);
      expect((await platform.services.machines.byId(5)).reservation ?? null).toBeNull();

      const seated = await machineApi(5, { token: playerToken, ip: TR6 });
      expect(seated.status, JSON.stringify(seated.body)).toBe(200);
      expect((await closeSeat(seatAnswer.parse(seated.body).sessionId)).status).toBe(200);

      setIpCheck(platform, false);
      const unchecked = await machineApi(5, { token: playerToken, ip });
      expect(unchecked.status, JSON.stringify(unchecked.body)).toBe(200);
      expect((await closeSeat(seatAnswer.parse(unchecked.body).sessionId)).status).toBe(200);
      setIpCheck(platform, true);
    });
  });
});

describe('with no trusted proxy (TRUST_PROXY unset), a forged X-Forwarded-For changes nothing', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
    setIpCheck(platform, true);
  });
  afterAll(() => platform?.stop());

  it("answers the connection's own address: loopback, 'LAN', allowed", async () => {
    expect(platform.config.trustProxy).toEqual([]);
    expect(await check(platform, US)).toEqual(allowed('127.0.0.1', 'LAN'));
    expect(await check(platform, `${JP}, ${US}`)).toEqual(allowed('127.0.0.1', 'LAN'));
  });

  it('signs in with a forged header of a blocked country: the header is not believed', async () => {
    const answer = await platform.call('POST', '/login', { body: { username: 'demo', password: 'demo1234' }, headers: from(US) });
    expect(answer.status).toBe(200);
    expect(answer.body.ip_address).toBe('127.0.0.1');
  });
});

describe('with TRUST_PROXY naming other proxies than the caller, the header is not believed either', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ trustProxy: ['10.0.0.0/8', '192.168.1.1'] });
    setIpCheck(platform, true);
  });
  afterAll(() => platform?.stop());

  it("answers the connection's own address", async () => {
    expect(await check(platform, US)).toEqual(allowed('127.0.0.1', 'LAN'));
    const answer = await platform.call('POST', '/login', { body: { username: 'demo', password: 'demo1234' }, headers: from(JP) });
    expect(answer.status).toBe(200);
    expect(answer.body.ip_address).toBe('127.0.0.1');
  });
});
