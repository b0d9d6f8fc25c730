import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditType, ErrorCode } from '@reelcast/protocol';
import { auditLog, mailTokens } from '../src/db/schema.ts';
import { startTestPlatform, type TestPlatform, mailsAfter, oneMailAfter, outboxMails, whilePlayersLocked } from '@reelcast/testing';

/**
 * Registration by mail (docs/self-service.md): off by default; when on, one answer for every form that
 * passes its checks, and a mail that says what happened; the account opens from the mailed link with a
 * wallet at 0. Plus the legacy course call and the role examples' server check.
 */

const form = (n: string) => ({ username: `player${n}`, email: `player${n}@example.com`, password: 'kirmizi-balon-42' });
const CHECK_YOUR_MAIL = { status: true, code: ErrorCode.Success, next: 'mail-confirm' };

describe('registration off (the default)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform?.stop());

  it('says it is closed, and refuses a registration with 403 / 40311, audited as not allowed, sending nothing', async () => {
    const state = await platform.call('GET', '/api/auth/register');
    expect(state).toMatchObject({
      status: 200,
      body: { open: false, passwordMinLength: 8, usernameMinLength: 4, usernameMaxLength: 32, limitsMandatory: false },
    });
    const { result, mails } = await mailsAfter(platform, () => platform.call('POST', '/api/auth/register', { body: form('1') }));
    expect(result.status).toBe(403);
    expect(result.body).toEqual({
      code: ErrorCode.RegistrationClosed,
      ErrorMessage: 'Registration is closed. Ask the operator for an account.',
    });
    expect(mails).toEqual([]);
    const [row] = await platform.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({ type: AuditType.NotAllowed, username: 'player1', detail: { reason: 'registration closed' } });
    expect(await platform.services.players.findByLogin('player1')).toBeUndefined();
  });

  it('a link mailed while registration was open opens nothing once it is closed: 403 / 40311', async () => {
    const open = await startTestPlatform({ registrationOpen: true });
    try {
      const mail = await oneMailAfter(open, 'player11@example.com', () => open.call('POST', '/api/auth/register', { body: form('11') }));
      // As after a restart with REGISTRATION_OPEN=false (the services read the same config object).
      open.config.registrationOpen = false;
      const answer = await open.call('POST', '/api/auth/register/confirm', { body: { token: mail.link!.token } });
      expect(answer).toMatchObject({ status: 403, body: { code: ErrorCode.RegistrationClosed } });
      expect((await open.call('GET', '/api/auth/register')).body.open).toBe(false);
      expect(await open.services.players.findByLogin('player11')).toBeUndefined();
    } finally {
      await open.stop();
    }
  });
});

describe('registration on (REGISTRATION_OPEN)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ registrationOpen: true, publicUrl: 'https://play.example.com' });
  });
  afterAll(() => platform?.stop());
  const register = (body: object) => platform.call('POST', '/api/auth/register', { body });

  it('answers 202 "check your mail"; the mailed link opens the account with a wallet at 0, and it signs in', async () => {
    expect((await platform.call('GET', '/api/auth/register')).body.open).toBe(true);
    const mail = await oneMailAfter(platform, 'player2@example.com', async () => {
      const answer = await register({ ...form('2'), name: 'Ayşe', lastname: 'Kaya', language: 'en' });
      expect(answer).toMatchObject({ status: 202, body: CHECK_YOUR_MAIL });
    });
    expect(mail.subject).toBe('Confirm your Reelcast account');
    expect(mail.from).toBe('Reelcast <no-reply@play.example.com>');
    expect(mail.text).toContain('Hello player2,');
    expect(mail.link).toMatchObject({ page: 'mail-confirm' });
    expect(mail.link!.url).toMatch(/^https:\/\/play\.example\.com\/pages\/auth\/mail-confirm\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${mail.link!.url}"`);
    // Nothing exists before the link is followed; only the token's hash is stored.
    expect(await platform.services.players.findByLogin('player2')).toBeUndefined();
    const rows = await platform.services.database.db.select().from(mailTokens).where(eq(mailTokens.kind, 'register'));
    expect(rows.map((r) => r.tokenHash)).not.toContain(mail.link!.token);
    expect(JSON.stringify(rows)).not.toContain('kirmizi-balon-42');

    const confirmed = await platform.call('POST', '/api/auth/register/confirm', { body: { token: mail.link!.token } });
    expect(confirmed).toMatchObject({ status: 200, body: { status: true, code: ErrorCode.Success, username: 'player2', next: 'login' } });
    const player = (await platform.services.players.findByLogin('player2@example.com'))!;
    expect(player).toMatchObject({ username: 'player2', name: 'Ayşe', lastname: 'Kaya', role: 'user' });
    const token = await platform.login('player2', 'kirmizi-balon-42');
    expect(await platform.call('GET', '/player/balance', { token })).toMatchObject({ status: 200, body: { balance: 0 } });

    // The link works once.
    const again = await platform.call('POST', '/api/auth/register/confirm', { body: { token: mail.link!.token } });
    expect(again).toMatchObject({ status: 410, body: { code: ErrorCode.MailLinkInvalid } });
  });

  it('answers a taken address and a taken username exactly as a new one; the mail to the address tells', async () => {
    const fresh = await mailsAfter(platform, () => register(form('3')));
    const address = await mailsAfter(platform, () => register({ ...form('4'), email: 'DEMO@reelcast.test', language: 'tr' }));
    const username = await mailsAfter(platform, () => register({ ...form('5'), username: 'Demo2' }));
    for (const { result } of [fresh, address, username]) expect(result).toMatchObject({ status: 202, body: CHECK_YOUR_MAIL });
    expect(address.result.body).toEqual(fresh.result.body);
    expect(username.result.body).toEqual(fresh.result.body);
    expect(Object.keys(address.result.body)).toEqual(Object.keys(fresh.result.body));

    expect(fresh.mails.map((m) => [m.to, m.link?.page])).toEqual([['player3@example.com', 'mail-confirm']]);
    // The address has an account: the mail names it and carries a reset link instead (Turkish, as asked).
    expect(address.mails).toHaveLength(1);
    expect(address.mails[0]).toMatchObject({ to: 'demo@reelcast.test', subject: 'Zaten bir Reelcast hesabınız var' });
    expect(address.mails[0]!.text).toContain('kullanıcı adı demo');
    expect(address.mails[0]!.link?.page).toBe('reset-password');
    const check = await platform.call('GET', `/api/auth/reset-password/check?token=${address.mails[0]!.link!.token}`);
    expect(check.body.valid).toBe(true);
    // The username is taken: only the owner of the registering address learns it (default language tr).
    expect(username.mails).toHaveLength(1);
    expect(username.mails[0]).toMatchObject({ to: 'player5@example.com', subject: 'Reelcast kaydınız: başka bir kullanıcı adı seçin' });
    expect(username.mails[0]!.link).toMatchObject({ page: 'register', token: null });
    expect(await platform.services.players.findByLogin('player5@example.com')).toBeUndefined();
  });

  it('answers before any account is looked up: with the players table locked, every kind of form gets its 202', async () => {
    const { mails } = await mailsAfter(platform, async () => {
      await whilePlayersLocked(platform, async () => {
        const answers = await Promise.all([
          register(form('12')),
          register({ ...form('13'), email: 'demo2@reelcast.test' }),
          register({ ...form('14'), username: 'demo' }),
        ]);
        for (const answer of answers) expect(answer).toMatchObject({ status: 202, body: CHECK_YOUR_MAIL });
      });
    });
    expect(mails.map((m) => m.to).sort()).toEqual(['demo2@reelcast.test', 'player12@example.com', 'player14@example.com']);
  });

  it('a username taken between the mail and the link: 409 / 40930, and the link stays unspent', async () => {
    const first = await oneMailAfter(platform, 'player6@example.com', () => register(form('6')));
    const second = await oneMailAfter(platform, 'other6@example.com', () => register({ ...form('6'), email: 'other6@example.com' }));
    expect(await platform.call('POST', '/api/auth/register/confirm', { body: { token: second.link!.token } })).toMatchObject({
      status: 200,
    });
    const late = await platform.call('POST', '/api/auth/register/confirm', { body: { token: first.link!.token } });
    expect(late).toMatchObject({ status: 409, body: { code: ErrorCode.AccountTaken, Params: { taken: 'username' } } });
    expect((await platform.services.players.findByLogin('player6'))!.email).toBe('other6@example.com');
  });

  it('a confirmation link expires after REGISTRATION_LINK_HOURS (24); a newer registration of the address replaces it', async () => {
    const old = await oneMailAfter(platform, 'player7@example.com', () => register(form('7')));
    const newer = await oneMailAfter(platform, 'player7@example.com', () => register({ ...form('7'), language: 'ar' }));
    expect(newer.subject).toBe('أكّد حسابك في Reelcast');
    expect(newer.html).toContain('dir="rtl"');
    expect(await platform.call('POST', '/api/auth/register/confirm', { body: { token: old.link!.token } })).toMatchObject({ status: 410 });
    platform.clock.advanceMinutes(24 * 60 + 1);
    const expired = await platform.call('POST', '/api/auth/register/confirm', { body: { token: newer.link!.token } });
    expect(expired).toMatchObject({ status: 410, body: { code: ErrorCode.MailLinkInvalid } });
    expect(await platform.services.players.findByLogin('player7')).toBeUndefined();
  });

  it('refuses a weak password with 400 and the reason, whatever the accounts; nothing is mailed', async () => {
    const cases: [password: string, code: number, params: object][] = [
      ['short1!', ErrorCode.PasswordTooShort, { min_length: 8, field: 'body.password' }],
      ['Password123', ErrorCode.PasswordTooWeak, { reason: 'common', field: 'body.password' }],
      ['galatasaray1905', ErrorCode.PasswordTooWeak, { reason: 'common', field: 'body.password' }],
      ['12345678', ErrorCode.PasswordTooWeak, { reason: 'common', field: 'body.password' }],
      ['player8-is-me', ErrorCode.PasswordTooWeak, { reason: 'username', field: 'body.password' }],
      ['abababababab', ErrorCode.PasswordTooWeak, { reason: 'repetitive', field: 'body.password' }],
    ];
    const { result, mails } = await mailsAfter(platform, () =>
      Promise.all(cases.map(([password]) => register({ ...form('8'), password }))),
    );
    result.forEach((answer, i) => {
      const [, code, params] = cases[i]!;
      expect(answer, cases[i]![0]).toMatchObject({ status: 400, body: { code, Params: params } });
    });
    // The same refusal for an address that has an account.
    expect(await register({ ...form('9'), email: 'demo@reelcast.test', password: 'password' })).toMatchObject({
      status: 400,
      body: { code: ErrorCode.PasswordTooWeak, Params: { reason: 'common' } },
    });
    expect(mails).toEqual([]);
  });

  it('refuses a malformed form with 400 / 40000 naming the field', async () => {
    const cases: [body: object, field: string][] = [
      [{ ...form('10'), email: 'not-an-address' }, 'body.email'],
      [{ ...form('10'), username: 'ab' }, 'body.username'],
      [{ ...form('10'), username: 'has space' }, 'body.username'],
      [{ ...form('10'), username: 'admin' }, 'body.username'],
      [{ ...form('10'), language: 'de' }, 'body.language'],
      [{ ...form('10'), role: 'admin' }, ''],
    ];
    for (const [body, field] of cases) {
      const answer = await register(body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: ErrorCode.InvalidRequest } });
      if (field) expect(answer.body.Params.field).toBe(field);
    }
    expect(outboxMails(platform).filter((m) => m.to === 'player10@example.com')).toEqual([]);
  });
});

describe('names of the team (REGISTRATION_OPEN)', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ registrationOpen: true });
  });
  afterAll(() => platform?.stop());
  const register = async (body: object) => {
    const answer = await platform.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    return { status: answer.statusCode, body: answer.json() };
  };

  it.each([
    ['the name "Admin"', { name: 'Admin' }, 'body.name'],
    ['the name "ADMIN"', { name: 'ADMIN' }, 'body.name'],
    ['a Cyrillic А in "Аdmin"', { name: 'Аdmin' }, 'body.name'],
    ['full-width "ＡＤＭＩＮ"', { name: 'ＡＤＭＩＮ' }, 'body.name'],
    ['"Admin" as the last name', { name: 'Deniz', lastname: 'Admin' }, 'body.lastname'],
    ['"Ad" + "min"', { name: 'Ad', lastname: 'min' }, 'body.name'],
    ['"Reelcast Support"', { name: 'Reelcast', lastname: 'Support' }, 'body.name'],
    ['Turkish "Destek"', { name: 'Destek' }, 'body.name'],
    ['the username "ADM1N"', { username: 'ADM1N' }, 'body.username'],
    ['the username "r00t"', { username: 'r00t' }, 'body.username'],
  ])('refuses %s with 400 / 40000 naming the field; nothing is mailed', async (_name, change, field) => {
    const body = { ...form('20'), ...change };
    const answer = await register(body);
    expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, body: { code: ErrorCode.InvalidRequest, Params: { field } } });
    expect(outboxMails(platform).filter((m) => m.to === 'player20@example.com')).toEqual([]);
  });

  it('control: an ordinary name registers', async () => {
    expect(await register({ ...form('21'), name: 'Deniz', lastname: 'Yılmaz' })).toMatchObject({ status: 202, body: CHECK_YOUR_MAIL });
  });

  it('the operator cannot make a player of that name either (reelcast player create), but a team account may bear it', async () => {
    const players = platform.services.players;
    await expect(players.create({ username: 'deniz22', email: 'deniz22@x.test', password: 'secret', name: 'Аdmin' })).rejects.toThrow(
      /kept for the operator's team/,
    );
    await expect(players.create({ username: 'Support', email: 'support22@x.test', password: 'secret' })).rejects.toThrow(
      /kept for the operator's team/,
    );
    const team = await players.create({ username: 'admin22', email: 'admin22@x.test', password: 'secret', name: 'Admin', role: 'admin' });
    expect(team.name).toBe('Admin');
  });
});

describe('the legacy course call and the role examples', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform?.stop());

  it('POST /api/academy-app/course/update answers 410 Gone / 41000 whatever the body', async () => {
    const gone = { code: ErrorCode.Gone, ErrorMessage: 'This call belonged to a course app the portal no longer has' };
    const token = await platform.login();
    const answers = await Promise.all([
      platform.call('POST', '/api/academy-app/course/update', { body: { id: 7, title: 'Slots 101' } }),
      platform.call('POST', '/api/academy-app/course/update', { token, body: {} }),
      platform.call('POST', '/api/academy-app/course/update', { raw: 'id=7', headers: { 'content-type': 'text/plain' } }),
      platform.call('POST', '/api/academy-app/course/update', { raw: '{not json', headers: { 'content-type': 'application/json' } }),
      platform.call('POST', '/api/academy-app/course/update'),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ status: 410, body: gone });
  });

  it('GET /api/auth/role-example/:role: 200 with who you are for the SPEC §6 list, 403 / 40300 otherwise, 401 without a token', async () => {
    const [admin, staff, user] = await Promise.all([
      platform.login('admin', 'admin1234'),
      platform.login('staff', 'staff1234'),
      platform.login('demo', 'demo1234'),
    ]);
    const ask = (role: string, token?: string) => platform.call('GET', `/api/auth/role-example/${role}`, { token });
    expect(await ask('admin', admin)).toMatchObject({
      status: 200,
      body: { page: 'admin', allowed: ['admin'], user: { username: 'admin', role: ['admin'] } },
    });
    expect(await ask('staff', admin)).toMatchObject({ status: 200, body: { page: 'staff', allowed: ['admin', 'staff'] } });
    expect(await ask('staff', staff)).toMatchObject({ status: 200, body: { user: { username: 'staff', role: ['staff'] } } });
    for (const [role, token] of [
      ['admin', staff],
      ['admin', user],
      ['staff', user],
    ] as const) {
      expect(await ask(role, token), `${role} as another`).toMatchObject({ status: 403, body: { code: ErrorCode.RoleRequired } });
    }
    expect(await ask('admin')).toMatchObject({ status: 401, body: { code: ErrorCode.SignatureNotVerified } });
    expect(await ask('staff', 'not-a-token')).toMatchObject({ status: 401 });
    expect(await ask('user', admin)).toMatchObject({ status: 400, body: { code: ErrorCode.InvalidRequest } });
  });

  it('describes every self-service call in the OpenAPI document', async () => {
    const { body } = await platform.call('GET', '/docs/json');
    const operations = Object.entries(body.paths as Record<string, object>).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        'GET /api/auth/register',
        'POST /api/auth/register',
        'POST /api/auth/register/confirm',
        'POST /api/auth/forgot-password',
        'GET /api/auth/reset-password/check',
        'POST /api/auth/reset-password',
        'GET /api/auth/role-example/{role}',
        'POST /api/academy-app/course/update',
      ]),
    );
    expect(Object.keys(body.paths['/api/auth/register'].post.responses)).toEqual(expect.arrayContaining(['202', '4XX']));
  });
});
