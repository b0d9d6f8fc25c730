import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accountUser, AuditType, ErrorCode, loginAnswer, pinRevealAnswer, profileAnswer } from '@reelcast/protocol';
import { auditLog, players } from '../src/db/schema.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/** GET /player/profile, POST /player/password and POST /api/auth/user/update against a real platform. */

let platform: TestPlatform;
let n = 0;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

async function newPlayer(password = 'secret') {
  const username = `acct${++n}`;
  const player = await platform.services.players.create({
    username,
    email: `${username}@x.test`,
    password,
    name: 'Zeynep',
    lastname: 'Kaya',
  });
  return { player, username };
}

const changePassword = (token: string, body: unknown) => platform.call('POST', '/player/password', { token, body });

describe('GET /player/profile', () => {
  it('answers the SPEC §3 user fields with this session’s IP and the sign-in before it', async () => {
    const { player, username } = await newPlayer();
    const first = await platform.login(username, 'secret');
    const firstProfile = profileAnswer.parse((await platform.call('GET', '/player/profile', { token: first })).body);
    expect(firstProfile).toMatchObject({
      id: player.id,
      username,
      name: 'Zeynep',
      lastname: 'Kaya',
      email: `${username}@x.test`,
      displayName: 'Zeynep Kaya',
      type: 'player',
      Group: 1,
      Permissions: [],
      photoURL: '',
      shortcuts: [],
      settings: {},
      IP: '127.0.0.1',
      Versions: 'v2.4.5',
      LastLogon: null,
      LastLogonIP: null,
    });
    platform.clock.advanceMinutes(1);
    const second = await platform.login(username, 'secret');
    const secondProfile = profileAnswer.parse((await platform.call('GET', '/player/profile', { token: second })).body);
    expect(secondProfile.LastLogon).not.toBeNull();
    expect(secondProfile.LastLogonIP).toBe('127.0.0.1');
  });

  it('needs a token', async () => {
    expect((await platform.call('GET', '/player/profile')).status).toBe(401);
  });
});

describe('POST /player/password', () => {
  it('refuses a wrong old password with 40001 and writes it to the audit log', async () => {
    const { player, username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    const { status, body } = await changePassword(token, { oldPassword: 'wrong', newPassword: 'new-secret' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: ErrorCode.OldPasswordWrong, ErrorMessage: 'Old password is wrong.' });
    const rows = await platform.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.playerId, player.id), eq(auditLog.type, AuditType.ChangedPassword)));
    expect(rows.map((r) => r.detail)).toEqual([{ success: false, reason: 'old password is wrong' }]);
    await platform.login(username, 'secret');
  });

  it('after 3 wrong old passwords within 15 minutes answers 42900, even with the right one, until the window passes', async () => {
    const { username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    for (let i = 0; i < 3; i++) {
      expect((await changePassword(token, { oldPassword: `guess-${i}`, newPassword: 'new-secret' })).body.code).toBe(
        ErrorCode.OldPasswordWrong,
      );
      platform.clock.advanceMinutes(1);
    }
    const blocked = await changePassword(token, { oldPassword: 'secret', newPassword: 'new-secret' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: ErrorCode.TooManyRequests });
    await platform.login(username, 'secret'); // the password did not change
    // 15 minutes after the first wrong guess only 2 are left in the window: the right one goes through.
    platform.clock.advanceMinutes(13);
    const changed = await changePassword(token, { oldPassword: 'secret', newPassword: 'new-secret' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // A successful change starts the count again.
    expect((await changePassword(token, { oldPassword: 'guess', newPassword: 'newer-secret' })).body.code).toBe(ErrorCode.OldPasswordWrong);
    expect((await changePassword(token, { oldPassword: 'new-secret', newPassword: 'newer-secret' })).status).toBe(200);
  });

  it.each([
    ['empty', ''],
    ['three characters', 'abc'],
    ['three astral characters (six UTF-16 units)', '🎰🎰🎰'],
  ])('refuses a new password that is %s with 40101', async (_name, newPassword) => {
    const { username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    const { status, body } = await changePassword(token, { oldPassword: 'secret', newPassword });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: ErrorCode.PasswordTooShort, Params: { min_length: 4 } });
    await platform.login(username, 'secret');
  });

  it('changes it: the new password signs in, the old does not, other sessions end, this one stays', async () => {
    const { player, username } = await newPlayer();
    const other = await platform.login(username, 'secret');
    const token = await platform.login(username, 'secret');
    const { status, body } = await changePassword(token, { oldPassword: 'secret', newPassword: 'brand-new' });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({ status: true, code: 20000, revokedSessions: 1 });

    expect((await platform.call('GET', '/player/balance', { token })).status).toBe(200);
    expect((await platform.call('GET', '/player/balance', { token: other })).status).toBe(401);
    const old = await platform.call('POST', '/login', { body: { username, password: 'secret' } });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(ErrorCode.WrongPassword);
    await platform.login(username, 'brand-new');

    const rows = await platform.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.playerId, player.id), eq(auditLog.type, AuditType.ChangedPassword)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username, ip: '127.0.0.1', detail: { success: true, revokedSessions: 1 } });
  });

  it.each([
    ['empty object', {}],
    ['missing new password', { oldPassword: 'secret' }],
    ['number password', { oldPassword: 'secret', newPassword: 12345678 }],
    ['extra field', { oldPassword: 'secret', newPassword: 'brand-new', confirm: 'brand-new' }],
    ['257-character password', { oldPassword: 'secret', newPassword: 'x'.repeat(257) }],
    ['NUL in password', { oldPassword: 'secret', newPassword: 'brand\u0000new' }],
    ['array body', []],
  ])('answers 400 / 40000 for %s', async (_name, body) => {
    const { username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    const answer = await changePassword(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCode.InvalidRequest);
  });

  it('needs a token', async () => {
    const { status } = await changePassword('nope', { oldPassword: 'a', newPassword: 'bbbb' });
    expect(status).toBe(401);
  });
});

describe('POST /player/pin', () => {
  const showPin = (token: string, body: unknown) => platform.call('POST', '/player/pin', { token, body });

  it('shows the player their PIN (set at creation or with the CLI) for the right password only; the database keeps it sealed', async () => {
    const { player, username } = await newPlayer();
    await platform.services.players.setPin(username, '4821');
    const token = await platform.login(username, 'secret');
    const wrong = await showPin(token, { password: 'not-it' });
    expect(wrong).toMatchObject({ status: 400, body: { code: ErrorCode.OldPasswordWrong } });
    const right = await showPin(token, { password: 'secret' });
    expect(right.status).toBe(200);
    expect(pinRevealAnswer.parse(right.body)).toEqual({ pin: '4821' });
    await platform.services.players.setPin(username, '93015');
    expect((await showPin(token, { password: 'secret' })).body).toEqual({ pin: '93015' });

    const [row] = await platform.services.database.db.select().from(players).where(eq(players.id, player.id));
    expect(row!.pinSealed).toMatch(/^aes-256-gcm\$/);
    expect(row!.pinSealed).not.toContain('93015');
    const shown = await platform.services.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.playerId, player.id), eq(auditLog.type, AuditType.PinShown)));
    expect(shown.map((r) => (r.detail as { success: boolean }).success)).toEqual([false, true, true]);
  });

  it('counts wrong passwords with the password change: the third answers 42900, even for the right one', async () => {
    const { username } = await newPlayer();
    await platform.services.players.setPin(username, '1111');
    const token = await platform.login(username, 'secret');
    expect((await changePassword(token, { oldPassword: 'x1', newPassword: 'whatever1' })).body.code).toBe(ErrorCode.OldPasswordWrong);
    expect((await showPin(token, { password: 'x2' })).body.code).toBe(ErrorCode.OldPasswordWrong);
    expect((await showPin(token, { password: 'x3' })).body.code).toBe(ErrorCode.OldPasswordWrong);
    expect((await showPin(token, { password: 'secret' })).body.code).toBe(ErrorCode.TooManyRequests);
  });

  it('answers 40400 when no PIN is kept to show, and 400 for a body that is not { password }', async () => {
    const { username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    expect(await showPin(token, { password: 'secret' })).toMatchObject({ status: 404, body: { code: ErrorCode.NotFound } });
    expect((await showPin(token, { password: 1234 })).status).toBe(400);
    expect((await showPin(token, { password: 'secret', pin: true })).status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await platform.call('POST', '/player/pin', { body: { password: 'secret' } })).status).toBe(401);
  });
});

describe('POST /api/auth/user/update', () => {
  it('saves shortcuts and settings; a field left out keeps its value; the profile and token sign-in show them', async () => {
    const { username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    const update = (user: unknown) => platform.call('POST', '/api/auth/user/update', { token, body: { user } });

    const first = await update({
      shortcuts: ['lobby', 'transactions', 'lobby'],
      settings: { theme: 'light', layout: { style: 'layout2' }, animations: false },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(accountUser.parse(first.body)).toMatchObject({
      username,
      shortcuts: ['lobby', 'transactions'],
      settings: { theme: 'light', layout: { style: 'layout2' }, animations: false },
    });

    const second = await update({ settings: { theme: 'dark' } });
    expect(second.body).toMatchObject({ shortcuts: ['lobby', 'transactions'], settings: { theme: 'dark' } });
    expect(second.body.settings.animations).toBeUndefined();
    const third = await update({ shortcuts: [] });
    expect(third.body).toMatchObject({ shortcuts: [], settings: { theme: 'dark' } });

    const profile = await platform.call('GET', '/player/profile', { token });
    expect(profile.body).toMatchObject({ shortcuts: [], settings: { theme: 'dark' } });
    await update({ shortcuts: ['rules'] });
    const signIn = await platform.call('POST', '/login/token', { token });
    expect(signIn.body.user.shortcuts).toEqual(['rules']);
    // A password login answers them too: the portal shows them without waiting for a reload.
    const login = await platform.call('POST', '/login', { body: { username, password: 'secret' } });
    expect(loginAnswer.parse(login.body).user).toMatchObject({ username, shortcuts: ['rules'], type: 'player', Permissions: [] });
  });

  it.each([
    ['no user', {}],
    ['user not an object', { user: 'me' }],
    ['unknown user field', { user: { username: 'root' } }],
    ['password through the back door', { user: { passwordHash: 'x' } }],
    ['unknown theme', { user: { settings: { theme: 'neon' } } }],
    ['unknown settings field', { user: { settings: { admin: true } } }],
    ['bad theme name', { user: { settings: { themes: { main: '<script>' } } } }],
    ['shortcut with spaces', { user: { shortcuts: ['a b'] } }],
    ['51 shortcuts', { user: { shortcuts: Array.from({ length: 51 }, (_, i) => `s${i}`) } }],
    ['shortcuts not a list', { user: { shortcuts: 'lobby' } }],
  ])('answers 400 / 40000 for %s', async (_name, body) => {
    const { username } = await newPlayer();
    const token = await platform.login(username, 'secret');
    const answer = await platform.call('POST', '/api/auth/user/update', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(ErrorCode.InvalidRequest);
  });

  it('needs a token', async () => {
    expect((await platform.call('POST', '/api/auth/user/update', { body: { user: {} } })).status).toBe(401);
  });
});

// This platform re-checks sockets every 15 s (the default): these closes come from the bus at once.
describe('notification sockets of ended sessions', () => {
  it("a logout closes that session's socket at once; the same player's other session keeps its socket", async () => {
    const username = `sock${Date.now()}`;
    await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
    const [phone, laptop] = [await platform.login(username, 'secret'), await platform.login(username, 'secret')];
    const [phoneSocket, laptopSocket] = await Promise.all([platform.socket(phone), platform.socket(laptop)]);
    const closed = new Promise<string>((resolve) => phoneSocket.once('disconnect', resolve));
    expect((await platform.call('POST', '/player/logout', { token: phone, body: {} })).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    await platform.call('GET', '/player/balance', { token: laptop }); // a round trip after the logout's bus message
    expect(laptopSocket.connected).toBe(true);
    laptopSocket.close();
  });

  it("a password change closes the player's other sessions' sockets at once", async () => {
    const username = `sockpw${Date.now()}`;
    await platform.services.players.create({ username, email: `${username}@x.test`, password: 'secret' });
    const [other, current] = [await platform.login(username, 'secret'), await platform.login(username, 'secret')];
    const [otherSocket, currentSocket] = await Promise.all([platform.socket(other), platform.socket(current)]);
    const closed = new Promise<string>((resolve) => otherSocket.once('disconnect', resolve));
    const changed = await platform.call('POST', '/player/password', {
      token: current,
      body: { oldPassword: 'secret', newPassword: 'brand-new' },
    });
    expect(changed.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(currentSocket.connected).toBe(true);
    currentSocket.close();
  });
});
