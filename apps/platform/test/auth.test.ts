import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { AuditType, ErrorCode, loginAnswer, tokenSignInAnswer, validateAnswer } from '@reelcast/protocol';
import { attemptLimits, auditLog, players } from '../src/db/schema.ts';
import { pinMatches } from '../src/players/index.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

const login = (username: string, password: string) => platform.call('POST', '/login', { body: { username, password, site_id: 1 } });

async function auditTypes(username: string) {
  const rows = await platform.services.database.db.select().from(auditLog).where(eq(auditLog.username, username));
  return rows.map((r) => r.type);
}

describe('POST /login', () => {
  it('answers the SPEC §7 fields and a token whose claims are the user fields', async () => {
    const { status, body } = await login('demo', 'demo1234');
    expect(status).toBe(200);
    const answer = loginAnswer.parse(body);
    // The idle-lock PIN's verifier, never the PIN (docs/pin-lock.md): the seeded PIN is 1234.
    expect(answer.pin_code).toMatch(/^pbkdf2-sha256\$/);
    expect(await pinMatches(answer.pin_code!, '1234')).toBe(true);
    expect(await pinMatches(answer.pin_code!, '1243')).toBe(false);
    expect(answer.ip_address).toBe('127.0.0.1');
    const claims = decodeJwt(answer.token);
    expect(claims).toMatchObject({
      id: expect.any(Number),
      username: 'demo',
      name: 'Deniz',
      lastname: 'Yılmaz',
      Group: 1,
      Permissions: [],
    });
    expect(claims.exp! - claims.iat!).toBe(12 * 60 * 60);
  });

  it('accepts the email in place of the username, in any case', async () => {
    expect((await login('DEMO@reelcast.test', 'demo1234')).status).toBe(200);
  });

  it('reports the previous login time and IP on the next login', async () => {
    await login('demo2', 'demo1234');
    const { body } = await login('demo2', 'demo1234');
    expect(body.last_logon).toEqual(expect.any(String));
    expect(body.last_logon_ip).toBe('127.0.0.1');
  });

  it('answers 10701 for an unknown user and writes "login fail"', async () => {
    const { status, body } = await login('nobody-here', 'whatever');
    expect(status).toBe(401);
    expect(body.code).toBe(ErrorCode.UnknownUser);
    expect(await auditTypes('nobody-here')).toEqual([AuditType.LoginFail]);
  });

  it('counts wrong passwords down with left_count, then blocks with 10702 even for the right password', async () => {
    await platform.services.players.create({ username: 'lockme', email: 'lockme@x.test', password: 'right-pass' });
    const first = await login('lockme', 'wrong-1');
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ code: ErrorCode.WrongPassword, Params: { left_count: 2, block_time: 15 } });
    const second = await login('lockme', 'wrong-2');
    expect(second.body.Params).toEqual({ left_count: 1, block_time: 15 });
    const third = await login('lockme', 'wrong-3');
    expect(third.status).toBe(403);
    expect(third.body).toMatchObject({ code: ErrorCode.AccountBlocked, Params: { block_time: 15 } });
    const rightButBlocked = await login('lockme', 'right-pass');
    expect(rightButBlocked.body.code).toBe(ErrorCode.AccountBlocked);

    platform.clock.advanceMinutes(10);
    expect((await login('lockme', 'right-pass')).body.Params.block_time).toBe(5);
    platform.clock.advanceMinutes(6);
    expect((await login('lockme', 'right-pass')).status).toBe(200);
    expect(await auditTypes('lockme')).toEqual([
      AuditType.LoginFail,
      AuditType.LoginFail,
      AuditType.LoginFail,
      AuditType.TemporaryBlocked,
      AuditType.TemporaryBlocked,
      AuditType.TemporaryBlocked,
      AuditType.Success,
    ]);
  });

  it('10702 gives the minutes left rounded up: 15 for a 15-minute block however long the check took, 1 in its last minute', async () => {
    const player = await platform.services.players.create({ username: 'edges', email: 'edges@x.test', password: 'right-pass' });
    // Every reading of the clock 40 ms after the one before: the password check and the queries take time.
    platform.clock.step = 40;
    try {
      await login('edges', 'wrong-1');
      await login('edges', 'wrong-2');
      expect((await login('edges', 'wrong-3')).body).toMatchObject({ code: ErrorCode.AccountBlocked, Params: { block_time: 15 } });
      expect((await login('edges', 'right-pass')).body.Params).toEqual({ block_time: 15 });
    } finally {
      platform.clock.step = 0;
    }
    const [row] = await platform.services.database.db
      .select()
      .from(attemptLimits)
      .where(eq(attemptLimits.key, `login:${player.id}`));
    const until = row!.blockedUntil!.getTime();
    const minutesLeftAt = async (msBeforeEnd: number) => {
      platform.clock.set(new Date(until - msBeforeEnd));
      return (await login('edges', 'right-pass')).body.Params.block_time;
    };
    expect(await minutesLeftAt(14 * 60_000 + 1)).toBe(15);
    expect(await minutesLeftAt(14 * 60_000)).toBe(14);
    expect(await minutesLeftAt(60_000 + 1)).toBe(2);
    expect(await minutesLeftAt(60_000)).toBe(1);
    expect(await minutesLeftAt(1)).toBe(1);
    platform.clock.set(new Date(until));
    expect((await login('edges', 'right-pass')).status).toBe(200);
  });

  it('forgets wrong passwords older than the window', async () => {
    await platform.services.players.create({ username: 'slowtypist', email: 'slow@x.test', password: 'right-pass' });
    await login('slowtypist', 'wrong');
    await login('slowtypist', 'wrong');
    platform.clock.advanceMinutes(16);
    const { body } = await login('slowtypist', 'wrong');
    expect(body.Params.left_count).toBe(2);
  });

  it('resets the count after a successful login', async () => {
    await platform.services.players.create({ username: 'forgetful', email: 'forgetful@x.test', password: 'right-pass' });
    await login('forgetful', 'wrong');
    await login('forgetful', 'right-pass');
    expect((await login('forgetful', 'wrong')).body.Params.left_count).toBe(2);
  });

  it('lets an operator unlock a blocked account', async () => {
    await platform.services.players.create({ username: 'unlockme', email: 'unlockme@x.test', password: 'right-pass' });
    for (const n of [1, 2, 3]) await login('unlockme', `wrong-${n}`);
    expect((await login('unlockme', 'right-pass')).body.code).toBe(ErrorCode.AccountBlocked);
    await platform.services.auth.unlock('unlockme');
    expect((await login('unlockme', 'right-pass')).status).toBe(200);
  });

  it('answers 10704 to a banned player and stops their live tokens', async () => {
    await platform.services.players.create({ username: 'cheater', email: 'cheater@x.test', password: 'right-pass' });
    const token = await platform.login('cheater', 'right-pass');
    await platform.services.players.ban('cheater', 'test', new Date());
    const { status, body } = await login('cheater', 'right-pass');
    expect(status).toBe(403);
    expect(body.code).toBe(ErrorCode.Banned);
    expect((await platform.call('GET', '/player/balance', { token })).status).toBe(401);
    expect(await auditTypes('cheater')).toContain(AuditType.NotAllowed);
  });

  it('answers 10703 when the IP is not on the player list', async () => {
    await platform.services.players.create({ username: 'travel', email: 'travel@x.test', password: 'right-pass' });
    await platform.services.players.setAllowedIps('travel', ['203.0.113.7']);
    expect((await login('travel', 'right-pass')).body.code).toBe(ErrorCode.IpNotPermitted);
    await platform.services.players.setAllowedIps('travel', ['127.0.0.1']);
    expect((await login('travel', 'right-pass')).status).toBe(200);
  });
});

describe('tokens', () => {
  it('GET /validate gives a fresh token for the same session', async () => {
    const token = await platform.login();
    const { status, body } = await platform.call('GET', '/validate', { token });
    expect(status).toBe(200);
    const answer = validateAnswer.parse(body);
    expect(decodeJwt(answer.token).jti).toBe(decodeJwt(token).jti);
    expect(await pinMatches(answer.pin_code!, '1234')).toBe(true);
    expect((await platform.call('GET', '/player/balance', { token: answer.token })).status).toBe(200);
  });

  it('token sign-in answers Group, Permissions and the user', async () => {
    const token = await platform.login();
    const { status, body } = await platform.call('POST', '/login/token', { token });
    expect(status).toBe(200);
    const answer = tokenSignInAnswer.parse(body);
    expect(answer.user).toMatchObject({ username: 'demo', displayName: 'Deniz Yılmaz', role: ['user'] });
    expect(answer.Group).toBe(1);
    expect(await pinMatches(answer.pin_code!, '1234')).toBe(true);
  });

  it('pin_code is null for a player without a PIN, and for a stored text that is not a verifier', async () => {
    await platform.services.players.create({ username: 'nopin', email: 'nopin@x.test', password: 'right-pass' });
    const token = await platform.login('nopin', 'right-pass');
    expect((await platform.call('GET', '/validate', { token })).body.pin_code).toBeNull();
    await platform.services.database.db.update(players).set({ pinCode: 'pbkdf2-sha256$broken' }).where(eq(players.username, 'nopin'));
    expect((await login('nopin', 'right-pass')).body.pin_code).toBeNull();
    expect((await platform.call('POST', '/login/token', { token })).body.pin_code).toBeNull();
  });

  it.each([
    ['admin', 'admin1234', ['admin']],
    ['staff', 'staff1234', ['staff']],
    ['demo', 'demo1234', ['user']],
  ])('the seeded %s account signs in with its role in the token and the user (SPEC §3, §6)', async (username, password, role) => {
    const { status, body } = await login(username, password);
    expect(status).toBe(200);
    const token = loginAnswer.parse(body).token;
    expect(decodeJwt(token).role).toEqual(role);
    const signedIn = tokenSignInAnswer.parse((await platform.call('POST', '/login/token', { token })).body);
    expect(signedIn.user).toMatchObject({ username, role });
    const profile = await platform.call('GET', '/player/profile', { token });
    expect(profile.body).toMatchObject({ username, role });
  });

  it('logout revokes the token on the server', async () => {
    const token = await platform.login();
    const out = await platform.call('POST', '/player/logout', { token });
    expect(out.body).toEqual({ status: true, code: 20000 });
    const after = await platform.call('GET', '/player/balance', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(ErrorCode.SignatureNotVerified);
    expect((await platform.call('GET', '/validate', { token })).status).toBe(401);
  });

  it('refuses a token after its expiry', async () => {
    const token = await platform.login();
    platform.clock.advanceMinutes(12 * 60 + 1);
    const { status, body } = await platform.call('GET', '/player/balance', { token });
    expect(status).toBe(401);
    expect(body.code).toBe(ErrorCode.SignatureNotVerified);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [row] = await platform.services.database.db.select().from(players).where(eq(players.username, 'demo'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
