import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ErrorCode, type MachineStatus, type SeatHeldRequest } from '@reelcast/protocol';
import { FakeScheduler } from '../cabinet/sas/fake-scheduler-test-helpers.ts';
import { fakeHostPlatform, recordingChannel, testHost } from './host-test-helpers.ts';
import { PlatformUnreachable } from './platform-client.ts';
import { RECOVERY_EVERY_MS } from './seat-money.ts';

const GRACE = 60_000;

const unreachable = (call: string) => new PlatformUnreachable(`platform unreachable at http://instance-1 (${call})`);

/**
 * The platform's side of machine 1's seat, as the machine API keeps it: a seat request opens a session
 * (or resumes the open one), a close or a seat claim that does not name it ends it. `lostAnswers`
 * seat requests open the seat and never answer (the instance died first); the next `claimsFailing` seat
 * claims, `closesFailing` closes and `statusesFailing` status reports find no instance at all.
 */
function platformSeat() {
  const seat = {
    open: null as string | null,
    lostAnswers: 0,
    claimsFailing: 0,
    closesFailing: 0,
    statusesFailing: 0,
    claims: [] as SeatHeldRequest[],
    statuses: [] as MachineStatus[],
  };
  const { platform } = fakeHostPlatform(100_000, {
    reportStatus: async (_machineId, report) => {
      if (seat.statusesFailing > 0 && seat.statusesFailing--) throw unreachable('status');
      seat.statuses.push(report.status);
      return {};
    },
    seat: async () => {
      const resumed = seat.open !== null;
      seat.open ??= randomUUID();
      if (seat.lostAnswers > 0) {
        seat.lostAnswers--;
        throw unreachable('seat');
      }
      const answer = { playerId: 7, username: 'player7', name: 'Player Seven', balance: 100_000 };
      return { ...answer, sessionId: seat.open, authSessionId: randomUUID(), startedAt: new Date(0).toISOString(), resumed };
    },
    closeSession: async (sessionId, figures) => {
      if (seat.closesFailing > 0 && seat.closesFailing--) throw unreachable('close');
      if (seat.open === sessionId) seat.open = null;
      return {
        id: sessionId,
        playerId: 7,
        machineId: 1,
        startedAt: '',
        endedAt: '',
        endReason: figures.reason,
        cashIn: 0,
        cashOut: 0,
        ...figures,
      };
    },
    seatHeld: async (_machineId, request) => {
      if (seat.claimsFailing > 0 && seat.claimsFailing--) throw unreachable('seat claim');
      seat.claims.push(request);
      const closed = seat.open !== null && seat.open !== request.sessionId ? [seat.open] : [];
      if (closed.length) seat.open = null;
      return { closed };
    },
  });
  return { platform, seat };
}

async function startedHost() {
  const scheduler = new FakeScheduler();
  const { platform, seat } = platformSeat();
  const { channel } = recordingChannel();
  const host = testHost(platform, channel, { reconnectGraceMs: GRACE }, scheduler);
  return { host, seat, scheduler, start: () => host.start({ address: null, video: null }) };
}

describe('a seat the platform opened and the machine never heard of (docs/machine-protocol.md)', () => {
  it('closes at start: the agent was killed after the platform opened the seat and before it saved it', async () => {
    const { host, seat, start } = await startedHost();
    seat.open = 'opened-before-the-kill';
    await start();
    expect(seat.open).toBeNull();
    expect(seat.claims[0]).toEqual({ sessionId: null, reason: 'error' });
    host.stop();
  });

  it('is claimed again every 5 s until an instance answers', async () => {
    const { host, seat, scheduler, start } = await startedHost();
    seat.open = 'opened-before-the-kill';
    seat.claimsFailing = 2;
    await start();
    expect(seat.open).not.toBeNull();
    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(seat.open).not.toBeNull();
    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(seat.open).toBeNull();
    host.stop();
  });

  it('a join whose answer never came (its instance died): the seat closes once the reconnect grace is over, and the machine is free', async () => {
    const { host, seat, scheduler, start } = await startedHost();
    await start();
    seat.lostAnswers = 1;
    expect(await host.join('page', 'token')).toMatchObject({ ok: false, code: ErrorCode.InternalError });
    expect(seat.open).not.toBeNull();
    await scheduler.advance(GRACE - 1);
    expect(seat.open).not.toBeNull();
    await scheduler.advance(1);
    expect(seat.open).toBeNull();
    expect(seat.claims.at(-1)).toEqual({ sessionId: null, reason: 'timeout' });
    expect(await host.join('page', 'token')).toMatchObject({ ok: true, resumed: false });
    host.stop();
  });

  it('its player joining again within the grace resumes it, and it stays theirs', async () => {
    const { host, seat, scheduler, start } = await startedHost();
    await start();
    seat.lostAnswers = 1;
    await host.join('page', 'token');
    const opened = seat.open;
    await scheduler.advance(10_000);
    expect(await host.join('page', 'token')).toMatchObject({ ok: true, resumed: true, sessionId: opened });
    await scheduler.advance(GRACE);
    expect(seat.open).toBe(opened);
    expect(seat.claims.at(-1)).toEqual({ sessionId: opened, reason: 'timeout' });
    expect(host.seatedPlayerId).toBe(7);
    host.stop();
  });
});

describe('the platform hears the seat as the machine has it', () => {
  it('a seat ended while the platform was away is not sat in again: its close goes first and the player gets a new session', async () => {
    const { host, seat, scheduler, start } = await startedHost();
    await start();
    const first = await host.join('page', 'token');
    seat.closesFailing = 1;
    expect(await host.cashout('page')).toMatchObject({ ok: true });
    expect(seat.open).toBe(first.ok && first.sessionId);

    const again = await host.join('page', 'token');
    expect(again).toMatchObject({ ok: true, resumed: false });
    expect(again.ok && again.sessionId).not.toBe(first.ok && first.sessionId);
    // The recovery has nothing left to close: the new seat stays open on the platform.
    await scheduler.advance(RECOVERY_EVERY_MS * 2);
    expect(seat.open).toBe(again.ok && again.sessionId);
    expect(host.seatedPlayerId).toBe(7);
    host.stop();
  });

  it('a status report the platform never took is sent again, as the machine is then, until one arrives', async () => {
    const { host, seat, scheduler, start } = await startedHost();
    await start();
    expect(seat.statuses).toEqual(['idle']);
    seat.statusesFailing = 2;
    await host.join('page', 'token');
    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(seat.statuses).toEqual(['idle']);
    await scheduler.advance(RECOVERY_EVERY_MS);
    expect(seat.statuses).toEqual(['idle', 'playing']);
    host.stop();
  });
});
