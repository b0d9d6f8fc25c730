import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { AuditType, consoleActionAnswer, ErrorCode, floorAnswer, floorMachine, machineList, machinePush } from '@reelcast/protocol';
import { auditLog } from '../src/db/schema.ts';
import { nextEvent, type TestPlatform } from '@reelcast/testing';
import { newMember, startTeamPlatform } from './console-helpers.ts';

let platform: TestPlatform, player: string, staff: string, admin: string;
beforeAll(async () => {
  ({ platform, player, staff, admin } = await startTeamPlatform());
});
afterAll(() => platform?.stop());

const inject = (method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown) =>
  platform.app.inject({ method, url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

const reason = 'Door sensor check';
const lastAudit = async (type: AuditType) => {
  const [row] = await platform.services.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.type, type))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

/** Each console route, with a body it accepts. The action runs on machine 12, put back each time. */
const routes = [
  { method: 'GET', url: '/api/console/floor', body: undefined },
  { method: 'POST', url: '/api/console/machines/12/maintenance', body: { on: false, reason } },
  { method: 'POST', url: '/api/console/machines/12/end-session', body: { reason } },
  { method: 'POST', url: '/api/console/machines/12/message', body: { text: 'Hello', reason } },
] as const;

describe('console rights (SPEC §6: staff = [admin, staff])', () => {
  it.each(routes)(
    "$method $url: a player's token gets 403 / 40300, no token 401, and staff and admin get past the role check",
    async (route) => {
      const refused = await inject(route.method, route.url, player, route.body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: ErrorCode.RoleRequired });
      expect((await inject(route.method, route.url, null, route.body)).statusCode).toBe(401);
      for (const token of [staff, admin]) {
        const answer = await inject(route.method, route.url, token, route.body);
        // end-session and message need a seated player: past the role check, machine 12 has none.
        if (route.url.endsWith('/end-session') || route.url.endsWith('/message')) {
          expect(answer.statusCode).toBe(409);
          expect(answer.json()).toMatchObject({ code: ErrorCode.MachineNotPlaying, ErrorMessage: 'No player is seated at this machine.' });
        } else expect(answer.statusCode, answer.body).toBe(200);
      }
    },
  );

  it('a staff member demoted to player loses the console at once, with the token they hold', async () => {
    const { id, token } = await newMember(platform, 'shift1');
    expect((await inject('GET', '/api/console/floor', token)).statusCode).toBe(200);
    await platform.services.database.db.execute(`update players set role = 'user' where id = ${id}`);
    expect((await inject('GET', '/api/console/floor', token)).statusCode).toBe(403);
  });
});

describe('GET /api/console/floor', () => {
  it('lists every machine with its seated player, session start and net cash-in', async () => {
    const seatedAt = platform.clock.now();
    const { status, body } = await platform.call('POST', '/machine-api/machines/3/seat', {
      token: platform.services.machineApiToken,
      body: { token: player },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    const floor = floorAnswer.parse((await inject('GET', '/api/console/floor', staff)).json());
    expect(floor.machines).toHaveLength(12);
    const three = floor.machines.find((m) => m.id === 3)!;
    expect(three).toMatchObject({ status: 'playing', seat: { username: 'demo', startedAt: seatedAt.toISOString(), netCashIn: 0 } });
    expect(floor.machines.filter((m) => m.seat)).toHaveLength(1);
    // The seat the test opened has no agent: the platform closes it as a lost seat would be.
    await platform.call('PUT', '/machine-api/machines/3/seat', {
      token: platform.services.machineApiToken,
      body: { sessionId: null, reason: 'error' },
    });
  });
});

describe('maintenance', () => {
  it('takes a free machine out of the lobby with a reason in the audit log, refuses its seat, and puts it back', async () => {
    const lobby = await platform.socket(player);
    const team = await platform.socket(staff);
    const playerHeard = nextEvent(lobby, 'machine', 5000, (p: { id: number }) => p.id === 7);
    const teamHeard = nextEvent(team, 'floor', 5000, (p: { id: number }) => p.id === 7);
    const on = await inject('POST', '/api/console/machines/7/maintenance', staff, { on: true, reason });
    expect(on.statusCode, on.body).toBe(200);
    expect(consoleActionAnswer.parse(on.json()).machine.status).toBe('maintenance');
    expect(machinePush.parse(await playerHeard)).toEqual({ id: 7, status: 'maintenance', reservation: null });
    expect(floorMachine.parse(await teamHeard)).toMatchObject({ id: 7, status: 'maintenance', seat: null });

    const machines = machineList.parse((await platform.call('GET', '/machine/all', { token: player })).body);
    expect(machines.find((m) => m.id === 7)!.status).toBe('maintenance');
    const seat = await platform.call('POST', '/machine-api/machines/7/seat', {
      token: platform.services.machineApiToken,
      body: { token: player },
    });
    expect(seat.status).toBe(403);
    expect(seat.body).toMatchObject({ code: ErrorCode.MachineBusy });
    // What the agent reports meanwhile is kept, and shown again once the machine is back.
    await platform.call('PUT', '/machine-api/machines/7/status', { token: platform.services.machineApiToken, body: { status: 'offline' } });
    expect((await platform.services.machines.byId(7)).status).toBe('maintenance');

    const row = await lastAudit(AuditType.Maintenance);
    expect(row).toMatchObject({ username: 'staff', playerId: null, detail: { machineId: 7, on: true, changed: true, reason } });

    const off = await inject('POST', '/api/console/machines/7/maintenance', admin, { on: false, reason: 'Sensor replaced' });
    expect(consoleActionAnswer.parse(off.json()).machine.status).toBe('offline');
    expect(await lastAudit(AuditType.Maintenance)).toMatchObject({ username: 'admin', detail: { on: false, reason: 'Sensor replaced' } });
    lobby.close();
    team.close();
  });

  it("a player's socket never hears the floor", async () => {
    const lobby = await platform.socket(player);
    const heard: unknown[] = [];
    lobby.on('floor', (p) => heard.push(p));
    const team = await platform.socket(staff);
    const teamHeard = nextEvent(team, 'floor', 5000, (p: { id: number; status: string }) => p.id === 8 && p.status === 'idle');
    await inject('POST', '/api/console/machines/8/maintenance', staff, { on: true, reason });
    await inject('POST', '/api/console/machines/8/maintenance', staff, { on: false, reason });
    await teamHeard;
    expect(heard).toEqual([]);
    lobby.close();
    team.close();
  });

  it('a seated player whose agent cannot be reached: 502, the machine stays in maintenance with its seat', async () => {
    const seat = await platform.call('POST', '/machine-api/machines/9/seat', {
      token: platform.services.machineApiToken,
      body: { token: player },
    });
    expect(seat.status).toBe(200);
    const answer = await inject('POST', '/api/console/machines/9/maintenance', staff, { on: true, reason });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toMatchObject({ code: ErrorCode.PipelineFailed });
    const floor = floorAnswer.parse((await inject('GET', '/api/console/floor', staff)).json());
    expect(floor.machines.find((m) => m.id === 9)).toMatchObject({ status: 'maintenance', seat: { username: 'demo' } });
    // The maintenance is in the audit log though the seat could not be ended; no end of session is.
    expect(await lastAudit(AuditType.Maintenance)).toMatchObject({
      username: 'staff',
      playerId: expect.any(Number),
      detail: { machineId: 9, on: true },
    });
    const ended = await inject('POST', '/api/console/machines/9/end-session', staff, { reason });
    expect(ended.statusCode).toBe(502);
    const latest = await platform.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.type, AuditType.SessionEndedByStaff)));
    expect(latest).toEqual([]);
    await platform.call('PUT', '/machine-api/machines/9/seat', {
      token: platform.services.machineApiToken,
      body: { sessionId: null, reason: 'error' },
    });
    await inject('POST', '/api/console/machines/9/maintenance', staff, { on: false, reason });
  });
});

describe('bad input', () => {
  it.each([
    ['a reason too short', '/api/console/machines/7/maintenance', { on: true, reason: ' ab ' }, 400, ErrorCode.InvalidRequest],
    ['no reason', '/api/console/machines/7/end-session', {}, 400, ErrorCode.InvalidRequest],
    ['an empty message', '/api/console/machines/7/message', { text: '  ', reason }, 400, ErrorCode.InvalidRequest],
    ['an unknown field', '/api/console/machines/7/maintenance', { on: true, reason, force: true }, 400, ErrorCode.InvalidRequest],
    ['an unknown machine', '/api/console/machines/999/maintenance', { on: true, reason }, 404, ErrorCode.NotFound],
    ['a machine id that is no id', '/api/console/machines/07/maintenance', { on: true, reason }, 400, ErrorCode.InvalidRequest],
  ])('%s: answers with its status and code', async (_name, url, body, status, code) => {
    const answer = await inject('POST', url, staff, body);
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code });
  });
});
