import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditType, ErrorCode } from '@reelcast/protocol';
import { auditLog } from '../src/db/schema.ts';
import { startTestPlatform, type TestPlatform, burst, mailsAfter, oneMailAfter, tally, whilePlayersLocked } from '@reelcast/testing';

/**
 * Password reset by a mailed link (docs/self-service.md): the request answers the same whether the
 * account exists or not, before any lookup (so as quickly); the link works once and for
 * RESET_TOKEN_MINUTES; a newer request replaces it; setting the password signs the player out
 * everywhere and lifts a login block.
 */

const CHECK_YOUR_MAIL = { status: true, code: ErrorCode.Success, next: 'mail-confirm' };
const NEW_PASSWORD = 'yeni-parola-2025';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform?.stop());

const forgot = (login: string, language?: string) =>
  platform.call('POST', '/api/auth/forgot-password', { body: { login, ...(language ? { language } : {}) } });
const reset = (token: string, password: string) => platform.call('POST', '/api/auth/reset-password', { body: { token, password } });
const check = (token: string) => platform.call('GET', `/api/auth/reset-password/check?token=${encodeURIComponent(token)}`);

let serial = 0;
/** A player of this test alone (password 'old-secret-1'), and the token of a reset link mailed to them. */
async function playerWithLink(language?: string) {
  const username = `reset${++serial}`;
  const email = `${username}@example.com`;
  await platform.services.players.create({ username, email, password: 'old-secret-1' });
  const mail = await oneMailAfter(platform, email, () => forgot(username, language));
  expect(mail.link?.page).toBe('reset-password');
  return { username, email, mail, token: mail.link!.token! };
}

describe('asking for a link', () => {
  it('answers the same 202 for a known username, a known address and unknown ones; only a known account gets a mail', async () => {
    const asked = [];
    for (const login of ['demo', 'DEMO2@reelcast.test', 'nobody-here', 'nobody@example.com'])
      asked.push(await mailsAfter(platform, () => forgot(login)));
    for (const { result } of asked) {
      expect(result).toMatchObject({ status: 202, body: CHECK_YOUR_MAIL });
      expect(result.body).toEqual(asked[0]!.result.body);
      expect(result.headers.get('content-length')).toBe(asked[0]!.result.headers.get('content-length'));
    }
    expect(asked.map((a) => a.mails.map((m) => m.to))).toEqual([['demo@reelcast.test'], ['demo2@reelcast.test'], [], []]);
    const all = asked.flatMap((a) => a.mails);
    expect(all.every((m) => m.link?.page === 'reset-password' && /^[A-Za-z0-9_-]{43}$/.test(m.link.token ?? ''))).toBe(true);
    // Default language tr.
    expect(all[0]!.subject).toBe('Yeni Reelcast şifrenizi belirleyin');
  });

  // What makes a known and an unknown login answer in the same time: no answer waits for the account.
  // (Timing the two from a client was tried and dropped: an answer made to wait for the lookup and the
  // mail still passed a comparison of 30 alternating pairs' medians, and a loaded CI failed it without.)
  it('answers before any account is looked up: with the players table locked, known and unknown logins get their 202', async () => {
    const { mails } = await mailsAfter(platform, async () => {
      await whilePlayersLocked(platform, async () => {
        const answers = await Promise.all(['demo', 'nobody-locked'].map((login) => forgot(login)));
        for (const answer of answers) expect(answer).toMatchObject({ status: 202, body: CHECK_YOUR_MAIL });
      });
    });
    // The lookups ran once the lock was gone: the known account got its mail after all.
    expect(mails.map((m) => m.to)).toEqual(['demo@reelcast.test']);
  });

  it('a newer request replaces the older link', async () => {
    const { username, email, token: older } = await playerWithLink('en');
    const newer = await oneMailAfter(platform, email, () => forgot(username, 'en'));
    expect(newer.subject).toBe('Set a new Reelcast password');
    expect((await check(older)).body).toEqual({ valid: false, expiresAt: null });
    expect(await reset(older, NEW_PASSWORD)).toMatchObject({ status: 410, body: { code: ErrorCode.MailLinkInvalid } });
    expect((await check(newer.link!.token!)).body.valid).toBe(true);
  });
});

describe('using the link', () => {
  it('sets the password: every session is signed out (401, socket closed), the old password no longer works, the link is spent', async () => {
    const { username, token } = await playerWithLink();
    const [phone, laptop] = [await platform.login(username, 'old-secret-1'), await platform.login(username, 'old-secret-1')];
    const socket = await platform.socket(phone);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const checked = await check(token);
    expect(checked).toMatchObject({ status: 200, body: { valid: true } });
    expect(Date.parse(checked.body.expiresAt) - platform.clock.now().getTime()).toBe(30 * 60_000);

    const answer = await reset(token, NEW_PASSWORD);
    expect(answer).toMatchObject({
      status: 200,
      body: { status: true, code: ErrorCode.Success, username, revokedSessions: 2, next: 'login' },
    });
    expect(await closed).toBe('io server disconnect');
    for (const old of [phone, laptop]) {
      expect(await platform.call('GET', '/player/balance', { token: old })).toMatchObject({
        status: 401,
        body: { code: ErrorCode.SignatureNotVerified },
      });
    }
    expect(await platform.call('POST', '/login', { body: { username, password: 'old-secret-1' } })).toMatchObject({
      status: 401,
      body: { code: ErrorCode.WrongPassword },
    });
    await platform.login(username, NEW_PASSWORD);
    expect(await reset(token, 'another-parola-9')).toMatchObject({ status: 410, body: { code: ErrorCode.MailLinkInvalid } });
    expect((await check(token)).body).toEqual({ valid: false, expiresAt: null });

    const [row] = await platform.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.username, username), eq(auditLog.type, AuditType.ChangedPassword)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ ip: '127.0.0.1', detail: { success: true, via: 'reset link', revokedSessions: 2 } });
  });

  it('refuses a weak password with 400 and leaves the link working', async () => {
    const { username, token } = await playerWithLink();
    expect(await reset(token, 'short')).toMatchObject({
      status: 400,
      body: { code: ErrorCode.PasswordTooShort, Params: { min_length: 8 } },
    });
    expect(await reset(token, 'qwerty123')).toMatchObject({
      status: 400,
      body: { code: ErrorCode.PasswordTooWeak, Params: { reason: 'common' } },
    });
    expect(await reset(token, `${username}-again`)).toMatchObject({ status: 400, body: { Params: { reason: 'username' } } });
    expect((await check(token)).body.valid).toBe(true);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
  });

  it('lifts a login block', async () => {
    const { username, token } = await playerWithLink();
    // LOGIN_MAX_FAILURES (3) wrong passwords: the third starts the block.
    const wrong = await burst(3, () => platform.call('POST', '/login', { body: { username, password: 'guess-guess' } }));
    expect(tally(wrong)).toEqual({ [`401 ${ErrorCode.WrongPassword}`]: 2, [`403 ${ErrorCode.AccountBlocked}`]: 1 });
    expect(await platform.call('POST', '/login', { body: { username, password: 'old-secret-1' } })).toMatchObject({
      status: 403,
      body: { code: ErrorCode.AccountBlocked },
    });
    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    await platform.login(username, NEW_PASSWORD);
  });

  it('expires after RESET_TOKEN_MINUTES (30)', async () => {
    const { token } = await playerWithLink();
    platform.clock.advanceMinutes(29);
    expect((await check(token)).body.valid).toBe(true);
    platform.clock.advanceMinutes(2);
    expect((await check(token)).body).toEqual({ valid: false, expiresAt: null });
    expect(await reset(token, NEW_PASSWORD)).toMatchObject({ status: 410, body: { code: ErrorCode.MailLinkInvalid } });
  });

  it('50 uses of one link at once: exactly one sets its password, 49 answer 410 / 41001', async () => {
    const { username, token } = await playerWithLink();
    const passwords = Array.from({ length: 50 }, (_, i) => `parola-numara-${i}`);
    const answers = await burst(50, (i) => reset(token, passwords[i]!));
    expect(tally(answers)).toEqual({ '200': 1, [`410 ${ErrorCode.MailLinkInvalid}`]: 49 });
    const winner = passwords[answers.findIndex((a) => a.status === 200)]!;
    await platform.login(username, winner);
    const loser = passwords.find((p) => p !== winner)!;
    expect((await platform.call('POST', '/login', { body: { username, password: loser } })).status).toBe(401);
  });

  it('an unknown, mangled or empty token: 410 / 41001 or 400, never a password change', async () => {
    expect(await reset('A'.repeat(43), NEW_PASSWORD)).toMatchObject({ status: 410, body: { code: ErrorCode.MailLinkInvalid } });
    expect(await reset('not a token', NEW_PASSWORD)).toMatchObject({ status: 410 });
    expect(await reset('', NEW_PASSWORD)).toMatchObject({ status: 400, body: { code: ErrorCode.InvalidRequest } });
    expect((await check('A'.repeat(43))).body).toEqual({ valid: false, expiresAt: null });
  });
});
