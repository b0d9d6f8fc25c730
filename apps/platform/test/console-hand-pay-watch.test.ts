import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  AuditType,
  consoleActionAnswer,
  ErrorCode,
  floorAnswer,
  floorMachine,
  liveAuthSessionsAnswer,
  seatAnswer,
  settlementAnswer,
  watchAnswer,
} from '@reelcast/protocol';
import { auditLog, transfers } from '../src/db/schema.ts';
import { nextEvent, type TestPlatform } from '@reelcast/testing';
import { newMember, startTeamPlatform } from './console-helpers.ts';

let platform: TestPlatform, player: string, staff: string, admin: string;
beforeAll(async () => {
  ({ platform, player, staff, admin } = await startTeamPlatform());
});
afterAll(() => platform?.stop());

const inject = (url: string, token: string | null, payload?: unknown) =>
  platform.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
const machineApi = (path: string, body: unknown) => inject(path, platform.services.machineApiToken, body);
const auditOf = (type: AuditType) =>
  platform.services.database.db.select().from(auditLog).where(eq(auditLog.type, type)).orderBy(desc(auditLog.id));

const reason = 'Jackpot verified at the cabinet';

describe('POST /api/console/machines/{id}/hand-pay: rights and input', () => {
  it("a player's token gets 403 / 40300, no token 401; staff and admin pass the role check (409 / 40901: none waits)", async () => {
    const refused = await inject('/api/console/machines/12/hand-pay', player, { reason });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RoleRequired });
    expect((await inject('/api/console/machines/12/hand-pay', null, { reason })).statusCode).toBe(401);
    for (const token of [staff, admin]) {
      const answer = await inject('/api/console/machines/12/hand-pay', token, { reason });
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: ErrorCode.TransferResolved, ErrorMessage: 'No hand pay waits at this machine.' });
    }
  });

  it.each([
    ['no reason', '/api/console/machines/12/hand-pay', {}, 400, ErrorCode.InvalidRequest],
    ['a reason too short', '/api/console/machines/12/hand-pay', { reason: ' ok ' }, 400, ErrorCode.InvalidRequest],
    ['an unknown field', '/api/console/machines/12/hand-pay', { reason, amount: 100 }, 400, ErrorCode.InvalidRequest],
    ['a machine id that is no id', '/api/console/machines/1e1/hand-pay', { reason }, 400, ErrorCode.InvalidRequest],
    ['an unknown machine', '/api/console/machines/999/hand-pay', { reason }, 404, ErrorCode.NotFound],
  ])('%s: answers with its status and code', async (_name, url, body, status, code) => {
    const answer = await inject(url, staff, body);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code });
  });
});

describe('a hand pay that waits for staff', () => {
  it('is kept, not paid, until a member confirms it; 50 confirms at once pay it once, with one audit entry', async () => {
    const seat = await machineApi('/machine-api/machines/4/seat', { token: player });
    expect(seat.statusCode, seat.body).toBe(200);
    const { sessionId, playerId } = seatAnswer.parse(seat.json());
    const demo = { id: playerId };
    const before = await platform.services.ledger.balance(demo.id);
    const team = await platform.socket(staff);
    const heard = nextEvent(team, 'floor', 5000, (row: { id: number; handPay?: unknown }) => row.id === 4 && !!row.handPay);

    // The agent asks for its settlement as a machine set to hand pay does: pending, nothing paid.
    const request = { settlementId: 'm4-4:spin-7:hand-pay', sessionId, kind: 'HAND_PAY', amount: 250_000, confirm: 'staff' };
    const asked = settlementAnswer.parse((await machineApi('/machine-api/settlements', request)).json());
    expect(asked).toEqual({ settlementId: request.settlementId, balance: before, pending: true });
    const since = platform.clock.now().toISOString();
    expect(floorMachine.parse(await heard).handPay).toMatchObject({ settlementId: request.settlementId, amount: 250_000 });
    // Asked again (the agent's retry, an hour later): still waiting, kept once, its time unchanged.
    platform.clock.advanceMinutes(60);
    expect(settlementAnswer.parse((await machineApi('/machine-api/settlements', request)).json()).pending).toBe(true);
    const floor = floorAnswer.parse(
      (await platform.app.inject({ url: '/api/console/floor', headers: { authorization: `Bearer ${staff}` } })).json(),
    );
    const row = floor.machines.find((m) => m.id === 4)!;
    expect(row.handPay).toEqual({ settlementId: request.settlementId, amount: 250_000, since });
    expect(await platform.services.ledger.balance(demo.id)).toBe(before);

    const answers = await Promise.all(Array.from({ length: 50 }, () => inject('/api/console/machines/4/hand-pay', staff, { reason })));
    const paid = answers.filter((answer) => answer.statusCode === 200);
    expect(paid).toHaveLength(1);
    expect(consoleActionAnswer.parse(paid[0]!.json())).toMatchObject({ paid: 250_000, machine: { id: 4, handPay: null } });
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: ErrorCode.TransferResolved });
    }
    expect(await platform.services.ledger.balance(demo.id)).toBe(before + 250_000);
    const moved = await platform.services.database.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, `settle:${request.settlementId}`));
    expect(moved).toMatchObject([{ action: 5, amount: 250_000n }]);
    const audits = await auditOf(AuditType.HandPayConfirmed);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      username: 'staff',
      playerId: demo.id,
      detail: { machineId: 4, settlementId: request.settlementId, amount: 250_000, reason },
    });

    // The agent's next ask is answered paid, with the same balance: nothing moves twice.
    const settled = settlementAnswer.parse((await machineApi('/machine-api/settlements', request)).json());
    expect(settled).toEqual({ settlementId: request.settlementId, balance: before + 250_000 });
    expect(await platform.services.ledger.balance(demo.id)).toBe(before + 250_000);
    team.close();
    await platform.call('PUT', '/machine-api/machines/4/seat', {
      token: platform.services.machineApiToken,
      body: { sessionId: null, reason: 'error' },
    });
  });

  it('a jackpot, or a hand pay without confirm, is paid at once as before', async () => {
    const { sessionId, playerId } = seatAnswer.parse((await machineApi('/machine-api/machines/5/seat', { token: player })).json());
    const before = await platform.services.ledger.balance(playerId);
    const request = { settlementId: 'm5-5:spin-1:hand-pay', sessionId, kind: 'HAND_PAY', amount: 1_000 };
    expect(settlementAnswer.parse((await machineApi('/machine-api/settlements', request)).json())).toEqual({
      settlementId: request.settlementId,
      balance: before + 1_000,
    });
    const bad = await machineApi('/machine-api/settlements', { ...request, settlementId: 'm5-x', confirm: 'player' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ErrorCode.InvalidRequest });
    await platform.call('PUT', '/machine-api/machines/5/seat', {
      token: platform.services.machineApiToken,
      body: { sessionId: null, reason: 'error' },
    });
  });
});

describe('watching a machine without its seat (the agent asks the platform)', () => {
  it('a staff or admin token may watch any machine, with an audit entry; a player token is refused 403 / 40300', async () => {
    for (const [token, username] of [
      [staff, 'staff'],
      [admin, 'admin'],
    ] as const) {
      const answer = await machineApi('/machine-api/machines/6/watch', { token, ip: '10.0.0.9' });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(watchAnswer.parse(answer.json())).toMatchObject({ authSessionId: expect.any(String) });
      expect((await auditOf(AuditType.MachineWatched))[0]).toMatchObject({ username, ip: '10.0.0.9', detail: { machineId: 6 } });
    }
    const refused = await machineApi('/machine-api/machines/6/watch', { token: player });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.RoleRequired });
    expect((await machineApi('/machine-api/machines/6/watch', { token: 'not-a-token' })).statusCode).toBe(401);
    expect((await inject('/machine-api/machines/6/watch', staff, { token: staff })).statusCode).toBe(401);
  });

  it.each([
    ['no token', '/machine-api/machines/6/watch', {}, 400, ErrorCode.InvalidRequest],
    ['an unknown field', '/machine-api/machines/6/watch', { token: 'x', seat: true }, 400, ErrorCode.InvalidRequest],
    ['an unknown machine', '/machine-api/machines/999/watch', { token: 'x' }, 404, ErrorCode.NotFound],
    ['a watcher without its player', '/machine-api/watchers/live', { watchers: [{ authSessionId: crypto.randomUUID() }] }, 400, 40000],
  ])('%s: answers with its status and code', async (_name, url, body, status, code) => {
    const answer = await machineApi(url, body);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code });
  });

  it("the re-check ends a member's watch once they are demoted or signed out", async () => {
    const member = await newMember(platform, 'floor2');
    const [first, second] = [member.token, await platform.login('floor2', 'secret')];
    const watchers = await Promise.all(
      [first, second].map(async (token) => watchAnswer.parse((await machineApi('/machine-api/machines/6/watch', { token })).json())),
    );
    const live = async () => liveAuthSessionsAnswer.parse((await machineApi('/machine-api/watchers/live', { watchers })).json()).live;
    expect((await live()).sort()).toEqual(watchers.map((w) => w.authSessionId).sort());
    await platform.call('POST', '/player/logout', { token: first });
    expect(await live()).toEqual([watchers[1]!.authSessionId]);
    await platform.services.database.db.execute(`update players set role = 'user' where id = ${member.id}`);
    expect(await live()).toEqual([]);
  });
});
