import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditPage,
  AuditType,
  ErrorCode,
  moneyRequestAnswer,
  moneyRequestList,
  playerActionAnswer,
  playerDetailAnswer,
  playerSearchAnswer,
  sessionPage,
  transactionPage,
} from '@reelcast/protocol';
import { startSecondInstance, startTestPlatform, testRedisUrl, redisUp, type TestPlatform } from '@reelcast/testing';

/** Above this a console deposit or withdrawal waits for a second admin (not the default: the setting must have its effect). */
const APPROVAL_ABOVE = 5_000;

let platform: TestPlatform;
let player: string;
let staff: string;
let admin: string;
let admin2: string;
let demoId: number;
beforeAll(async () => {
  platform = await startTestPlatform({ consoleApprovalAbove: APPROVAL_ABOVE });
  await platform.services.players.create({ username: 'admin2', email: 'admin2@x.test', password: 'secret', role: 'admin' });
  [player, staff, admin, admin2] = await Promise.all([
    platform.login(),
    platform.login('staff', 'staff1234'),
    platform.login('admin', 'admin1234'),
    platform.login('admin2', 'secret'),
  ]);
  demoId = (await platform.services.players.require('demo')).id;
  for (const username of ['banme', 'lockme'])
    await platform.services.players.create({ username, email: `${username}@x.test`, password: 'demo1234' });
});
afterAll(() => platform?.stop());

const inject = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
  platform.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

const reason = 'Asked at the cashier desk';
let keys = 0;
const key = () => `test-money-${++keys}-${Date.now()}`;
const balanceOf = (playerId: number) => platform.services.ledger.balance(playerId);

/**
 * Each route, a body it accepts and one it refuses (400). They act on `demo2`, a player no other test
 * here touches, and leave it as it was.
 */
const routes = (id: number) =>
  [
    { method: 'GET', url: '/api/console/players?q=demo', bad: '/api/console/players?q=', admin: false },
    { method: 'GET', url: `/api/console/players/${id}`, bad: '/api/console/players/0x1', admin: false },
    { method: 'GET', url: `/api/console/players/${id}/sessions`, bad: `/api/console/players/${id}/sessions?perPage=7`, admin: false },
    { method: 'GET', url: `/api/console/players/${id}/transactions`, bad: `/api/console/players/${id}/transactions?page=0`, admin: false },
    { method: 'POST', url: `/api/console/players/${id}/unban`, body: { reason }, badBody: { reason: 'no' }, admin: false },
    { method: 'POST', url: `/api/console/players/${id}/unlock`, body: { reason }, badBody: { reason, extra: 1 }, admin: false },
    { method: 'POST', url: `/api/console/players/${id}/pin`, body: { pin: null, reason }, badBody: { pin: '12', reason }, admin: false },
    { method: 'GET', url: '/api/console/audit?type=banned', bad: '/api/console/audit?type=%00', admin: false },
    { method: 'GET', url: '/api/console/money-requests', bad: '/api/console/money-requests?status=lost', admin: true },
    {
      method: 'POST',
      url: `/api/console/players/${id}/money`,
      body: { kind: 'deposit', amount: 100, reason, idempotencyKey: 'rights-check-1' },
      badBody: { kind: 'deposit', amount: 1.5, reason, idempotencyKey: 'rights-check-2' },
      admin: true,
    },
    { method: 'POST', url: '/api/console/money-requests/999999/reject', body: { reason }, badBody: {}, admin: true },
    { method: 'POST', url: '/api/console/money-requests/999999/approve', bad: '/api/console/money-requests/-1/approve', admin: true },
  ] as const;

describe('rights: every route checks the role on the server', () => {
  it("each route: a player's token 403 / 40300, no token 401, staff 403 on the admin-only ones, the right role passes, bad input 400", async () => {
    const demo2 = (await platform.services.players.require('demo2')).id;
    for (const route of routes(demo2)) {
      const body = 'body' in route ? route.body : undefined;
      const refused = await inject(route.method, route.url, player, body);
      expect(refused.statusCode, route.url).toBe(403);
      expect(refused.json()).toMatchObject({ code: ErrorCode.RoleRequired });
      expect((await inject(route.method, route.url, null, body)).statusCode, route.url).toBe(401);

      const asStaff = await inject(route.method, route.url, staff, body);
      const asAdmin = await inject(route.method, route.url, admin, body);
      if (route.admin) {
        expect(asStaff.statusCode, route.url).toBe(403);
        expect(asStaff.json()).toMatchObject({ code: ErrorCode.RoleRequired });
      } else expect(asStaff.statusCode, `${route.url} ${asStaff.body}`).toBe(200);
      // The unknown request 999999 is past the role check: 404.
      expect(asAdmin.statusCode, `${route.url} ${asAdmin.body}`).toBe(route.url.includes('999999') ? 404 : 200);

      const bad =
        'bad' in route ? await inject(route.method, route.bad, admin) : await inject(route.method, route.url, admin, route.badBody);
      expect(bad.statusCode, `${route.url} ${bad.body}`).toBe(400);
      expect(bad.json()).toMatchObject({ code: ErrorCode.InvalidRequest });
    }
  });

  it('staff change players but not the accounts of the team; no one bans themselves', async () => {
    const adminId = (await platform.services.players.require('admin')).id;
    const staffRefused = await inject('POST', `/api/console/players/${adminId}/ban`, staff, { reason });
    expect(staffRefused.statusCode).toBe(403);
    expect(staffRefused.json()).toMatchObject({ code: ErrorCode.RoleRequired });
    const self = await inject('POST', `/api/console/players/${adminId}/ban`, admin, { reason });
    expect(self.statusCode).toBe(400);
    expect((await platform.services.players.byId(adminId))!.bannedAt).toBeNull();
  });
});

describe('find a player and the player page', () => {
  it('finds by a part of the username or the first digits of the id', async () => {
    const byName = playerSearchAnswer.parse((await inject('GET', '/api/console/players?q=EMO', staff)).json());
    expect(byName.players.map((p) => p.username)).toEqual(expect.arrayContaining(['demo', 'demo2']));
    const byId = playerSearchAnswer.parse((await inject('GET', `/api/console/players?q=${demoId}`, staff)).json());
    expect(byId.players.map((p) => p.id)).toContain(demoId);
    const none = playerSearchAnswer.parse((await inject('GET', '/api/console/players?q=nobody%25here', staff)).json());
    expect(none.players).toEqual([]);
  });

  it('shows the profile, balance, limits, sign-ins and audit entries; sessions and transactions page as the player sees them', async () => {
    const answer = await inject('GET', `/api/console/players/${demoId}`, staff);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = playerDetailAnswer.parse(answer.json());
    expect(detail.player).toMatchObject({ id: demoId, username: 'demo', role: 'user', bannedAt: null });
    expect(detail.balance).toBe(await balanceOf(demoId));
    expect(detail.signIns.length).toBeGreaterThan(0);
    expect(detail.protection.limits).toBeDefined();
    expect(detail.lockedUntil).toBeNull();

    const transactions = transactionPage.parse(
      (await inject('GET', `/api/console/players/${demoId}/transactions?perPage=10`, staff)).json(),
    );
    const own = transactionPage.parse((await platform.call('GET', '/player/transactions?perPage=10', { token: player })).body);
    expect(transactions).toEqual(own);
    const sessions = sessionPage.parse((await inject('GET', `/api/console/players/${demoId}/sessions`, staff)).json());
    expect(sessions.total).toBe(sessionPage.parse((await platform.call('GET', '/player/sessions', { token: player })).body).total);
    expect((await inject('GET', '/api/console/players/999999', staff)).statusCode).toBe(404);
  });
});

describe('actions on a player, each with its reason in the audit log', () => {
  it('a ban ends every channel of the player at once and signing in answers 10704; unban lets them in again', async () => {
    const token = await platform.login('banme', 'demo1234');
    const socket = await platform.socket(token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const id = (await platform.services.players.require('banme')).id;

    const banned = await inject('POST', `/api/console/players/${id}/ban`, staff, { reason: 'Chargeback fraud' });
    expect(banned.statusCode, banned.body).toBe(200);
    expect(playerActionAnswer.parse(banned.json()).player.bannedAt).not.toBeNull();
    expect(await closed).toBe('io server disconnect');
    expect((await platform.call('GET', '/player/balance', { token })).status).toBe(401);
    const login = await platform.call('POST', '/login', { body: { username: 'banme', password: 'demo1234', site_id: 1 } });
    expect(login.body).toMatchObject({ code: ErrorCode.Banned });

    const lifted = await inject('POST', `/api/console/players/${id}/unban`, admin, { reason: 'Chargeback withdrawn' });
    expect(playerActionAnswer.parse(lifted.json()).player.bannedAt).toBeNull();
    await platform.login('banme', 'demo1234');

    const audit = auditPage.parse((await inject('GET', `/api/console/audit?playerId=${id}&perPage=10`, staff)).json());
    const types = audit.items.map((item) => [item.type, item.username, item.detail.reason]);
    expect(types).toEqual(
      expect.arrayContaining([
        [AuditType.Banned, 'staff', 'Chargeback fraud'],
        [AuditType.Unbanned, 'admin', 'Chargeback withdrawn'],
      ]),
    );
  });

  it('unlock clears the login block after wrong passwords', async () => {
    const id = (await platform.services.players.require('lockme')).id;
    for (let i = 0; i < platform.config.loginMaxFailures; i++)
      await platform.call('POST', '/login', { body: { username: 'lockme', password: 'wrong-one', site_id: 1 } });
    const blocked = playerDetailAnswer.parse((await inject('GET', `/api/console/players/${id}`, staff)).json());
    expect(blocked.lockedUntil).not.toBeNull();
    expect((await inject('POST', `/api/console/players/${id}/unlock`, staff, { reason })).statusCode).toBe(200);
    expect(playerDetailAnswer.parse((await inject('GET', `/api/console/players/${id}`, staff)).json()).lockedUntil).toBeNull();
    await platform.login('lockme', 'demo1234');
  });

  it('sets and removes the PIN; the audit log says which, never the PIN', async () => {
    const set = await inject('POST', `/api/console/players/${demoId}/pin`, staff, { pin: '4826', reason });
    expect(playerActionAnswer.parse(set.json()).player.hasPin).toBe(true);
    const removed = await inject('POST', `/api/console/players/${demoId}/pin`, staff, { pin: null, reason });
    expect(playerActionAnswer.parse(removed.json()).player.hasPin).toBe(false);
    const audit = auditPage.parse((await inject('GET', `/api/console/audit?type=pin%20changed&playerId=${demoId}`, staff)).json());
    expect(audit.items.map((item) => item.detail.pin)).toEqual(['removed', 'set']);
    expect(JSON.stringify(audit)).not.toContain('4826');
  });
});

describe('money: admin only, four eyes above the configured amount', () => {
  const request = (token: string, body: object, id = demoId) => inject('POST', `/api/console/players/${id}/money`, token, body);

  it('up to the amount it posts at once, once per key; the same key with another amount is 40003', async () => {
    const before = await balanceOf(demoId);
    const body = { kind: 'deposit', amount: APPROVAL_ABOVE, reason, idempotencyKey: key() };
    const first = moneyRequestAnswer.parse((await request(admin, body)).json());
    expect(first).toMatchObject({ needsApproval: false, request: { status: 'posted', requestedBy: 'admin', decidedBy: 'admin' } });
    expect(moneyRequestAnswer.parse((await request(admin, body)).json()).request).toEqual(first.request);
    expect(await balanceOf(demoId)).toBe(before + APPROVAL_ABOVE);
    const conflict = await request(admin, { ...body, amount: 1 });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: ErrorCode.IdempotencyConflict });
  });

  it('above it, it waits; the requester cannot approve it (40320); 50 approvals of a second admin at once post it once', async () => {
    const before = await balanceOf(demoId);
    const transfersBefore = (await platform.services.ledger.verify()).transfers;
    const asked = moneyRequestAnswer.parse(
      (await request(admin, { kind: 'deposit', amount: APPROVAL_ABOVE + 1, reason, idempotencyKey: key() })).json(),
    );
    expect(asked).toMatchObject({ needsApproval: true, request: { status: 'pending', transferId: null } });
    expect(await balanceOf(demoId)).toBe(before);
    const pending = moneyRequestList.parse((await inject('GET', '/api/console/money-requests', admin2)).json());
    expect(pending.approvalAbove).toBe(APPROVAL_ABOVE);
    expect(pending.requests.map((r) => r.id)).toContain(asked.request.id);

    const own = await inject('POST', `/api/console/money-requests/${asked.request.id}/approve`, admin);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: ErrorCode.OwnMoneyRequest });
    expect(await balanceOf(demoId)).toBe(before);

    const approvals = await Promise.all(
      Array.from({ length: 50 }, () => inject('POST', `/api/console/money-requests/${asked.request.id}/approve`, admin2)),
    );
    expect(approvals.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    const transferIds = new Set(approvals.map((answer) => moneyRequestAnswer.parse(answer.json()).request.transferId));
    expect(transferIds.size).toBe(1);
    expect([...transferIds][0]).toEqual(expect.any(String));
    expect(await balanceOf(demoId)).toBe(before + APPROVAL_ABOVE + 1);
    expect((await platform.services.ledger.verify()).transfers).toBe(transfersBefore + 1);

    const audit = auditPage.parse((await inject('GET', `/api/console/audit?type=money%20posted&username=admin2`, admin)).json());
    expect(audit.items.filter((item) => item.detail.requestId === asked.request.id)).toHaveLength(1);
    const rejected = await inject('POST', `/api/console/money-requests/${asked.request.id}/reject`, admin2, { reason });
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toMatchObject({ code: ErrorCode.MoneyRequestDecided });
  });

  it('a rejected request never posts; a withdrawal above the wallet fails and leaves the balances and the request as they were', async () => {
    const before = await balanceOf(demoId);
    const asked = moneyRequestAnswer.parse(
      (await request(admin, { kind: 'deposit', amount: 9_000, reason, idempotencyKey: key() })).json(),
    ).request;
    const rejected = await inject('POST', `/api/console/money-requests/${asked.id}/reject`, admin2, { reason: 'Not paid in' });
    expect(moneyRequestAnswer.parse(rejected.json()).request).toMatchObject({ status: 'rejected', decisionReason: 'Not paid in' });
    const late = await inject('POST', `/api/console/money-requests/${asked.id}/approve`, admin2);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: ErrorCode.MoneyRequestDecided });

    const tooMuch = moneyRequestAnswer.parse(
      (await request(admin, { kind: 'withdraw', amount: before + 10_000, reason, idempotencyKey: key() })).json(),
    ).request;
    const failed = await inject('POST', `/api/console/money-requests/${tooMuch.id}/approve`, admin2);
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ code: ErrorCode.InsufficientFunds });
    expect(await balanceOf(demoId)).toBe(before);
    const still = moneyRequestList.parse((await inject('GET', '/api/console/money-requests?status=pending', admin)).json());
    expect(still.requests.find((r) => r.id === tooMuch.id)?.status).toBe('pending');
    // Within the amount it posts at once: from an empty wallet it fails, and nothing is recorded.
    const empty = (await platform.services.players.require('lockme')).id;
    const direct = await request(admin, { kind: 'withdraw', amount: 100, reason, idempotencyKey: key() }, empty);
    expect(direct.json()).toMatchObject({ code: ErrorCode.InsufficientFunds });
    expect(await balanceOf(empty)).toBe(0);
    const all = moneyRequestList.parse((await inject('GET', '/api/console/money-requests?status=all', admin)).json());
    expect(all.requests.filter((r) => r.playerId === empty)).toEqual([]);
  });
});

describe('the audit log screen', () => {
  it('filters by who, type, time, player and machine, newest first, in pages', async () => {
    await inject('POST', '/api/console/machines/5/maintenance', staff, { on: false, reason: 'Screen cleaned' });
    const byMachine = auditPage.parse((await inject('GET', '/api/console/audit?machineId=5', admin)).json());
    expect(byMachine.items[0]).toMatchObject({ type: AuditType.Maintenance, username: 'staff', detail: { reason: 'Screen cleaned' } });
    const later = new Date(platform.clock.now().getTime() + 60_000).toISOString();
    const none = auditPage.parse((await inject('GET', `/api/console/audit?from=${encodeURIComponent(later)}`, admin)).json());
    expect(none).toMatchObject({ items: [], total: 0 });
    const paged = auditPage.parse((await inject('GET', '/api/console/audit?perPage=10&page=2', admin)).json());
    expect(paged.page).toBe(2);
    expect(paged.total).toBeGreaterThan(10);
    const ids = paged.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const reversed = await inject('GET', `/api/console/audit?from=2026-02-01&to=2026-01-01`, admin);
    expect(reversed.statusCode).toBe(400);
  });
});

// Two instances need a shared database: PostgreSQL (DATABASE_URL), with Redis between them.
describe.runIf(process.env.DATABASE_URL && (await redisUp()))('four eyes across two platform instances', () => {
  it('50 approvals split over two instances post the request once', async () => {
    const first = await startTestPlatform({ consoleApprovalAbove: 0, redisUrl: testRedisUrl });
    const second = await startSecondInstance(first);
    try {
      await first.services.players.create({ username: 'admin2', email: 'admin2@x.test', password: 'secret', role: 'admin' });
      const [one, two] = await Promise.all([first.login('admin', 'admin1234'), first.login('admin2', 'secret')]);
      const id = (await first.services.players.require('demo')).id;
      const before = await first.services.ledger.balance(id);
      const asked = await first.call('POST', `/api/console/players/${id}/money`, {
        token: one,
        body: { kind: 'deposit', amount: 777, reason, idempotencyKey: key() },
      });
      const requestId = moneyRequestAnswer.parse(asked.body).request.id;
      const approvals = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${i % 2 ? second.url : first.url}/api/console/money-requests/${requestId}/approve`, {
            method: 'POST',
            headers: { authorization: `Bearer ${two}` },
          }),
        ),
      );
      expect(approvals.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(await first.services.ledger.balance(id)).toBe(before + 777);
    } finally {
      await second.close();
      await first.stop();
    }
  });
});
