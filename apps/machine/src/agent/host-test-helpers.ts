// Helpers for MachineHost tests in process (not a test file): a platform and a seat channel that record.
import { randomUUID } from 'node:crypto';
import type { InfoPush, SessionCloseRequest, SlotSession } from '@reelcast/protocol';
import { EmulatedCabinet } from '../cabinet/emulated-cabinet.ts';
import type { Scheduler } from '../cabinet/sas/scheduler.ts';
import { MachineHost, type HostPlatform, type HostTiming, type SeatChannel } from './machine-host.ts';

/** Test helper: the platform's answer to a session closed with these figures (player 7 on machine 1). */
export function closedSession(id: string, figures: SessionCloseRequest): SlotSession {
  return {
    id,
    playerId: 7,
    machineId: 1,
    startedAt: new Date().toISOString(),
    endedAt: new Date().toISOString(),
    endReason: figures.reason,
    cashIn: 0,
    cashOut: 0,
    spins: figures.spins,
    totalBet: figures.totalBet,
    totalWon: figures.totalWon,
  };
}

/**
 * Test helper: the platform's machine API as a host uses it for seats without money: every token is
 * player 7 with `balance` in the wallet; closed sessions are kept; it holds no seat the host does not.
 * Money calls are not expected unless `calls` gives them.
 */
export function fakeHostPlatform(balance = 100_000, calls: Partial<HostPlatform> = {}) {
  const closed: { sessionId: string; figures: SessionCloseRequest }[] = [];
  const sessionId = randomUUID();
  const unexpected = (): never => {
    throw new Error('not expected in this test');
  };
  const platform: HostPlatform = {
    reportStatus: async () => ({}),
    seat: async () => ({
      playerId: 7,
      username: 'player7',
      name: 'Player Seven',
      sessionId,
      authSessionId: randomUUID(),
      startedAt: new Date().toISOString(),
      balance,
      resumed: false,
    }),
    sessionBalance: async () => balance,
    closeSession: async (id, figures) => {
      closed.push({ sessionId: id, figures });
      return closedSession(id, figures);
    },
    seatHeld: async () => ({ closed: [] }),
    reportPlayCounters: async () => ({ contributed: 0, hits: [] }),
    reserveCashIn: unexpected,
    postCashIn: unexpected,
    voidCashIn: unexpected,
    cashOut: unexpected,
    settle: unexpected,
    ...calls,
  };
  return { platform, closed };
}

/** Test helper: a seat channel whose sockets are all open until dropped; it keeps what each socket was told. */
export function recordingChannel() {
  const told: { socketId: string; event: string; payload: unknown }[] = [];
  const dropped = new Map<string, InfoPush>();
  const channel: SeatChannel = {
    emit: (socketId, event, payload) => void told.push({ socketId, event, payload }),
    drop: (socketId, info) => void dropped.set(socketId, info),
    connected: (socketId) => !dropped.has(socketId),
  };
  const infos = (socketId: string) => told.filter((t) => t.socketId === socketId && t.event === 'info').map((t) => t.payload as InfoPush);
  return { channel, told, dropped, infos };
}

/**
 * Test helper: machine 1, a fresh emulated cabinet, on that platform and channel, its clock the (possibly
 * fake) Date unless a scheduler is given.
 */
export function testHost(platform: HostPlatform, channel: SeatChannel, timing: Partial<HostTiming> = {}, scheduler?: Scheduler) {
  return new MachineHost({
    id: 1,
    name: 'Test Machine',
    cabinet: EmulatedCabinet.create({ machineId: '1', seed: 'host-test' }),
    platform,
    channel,
    timing,
    scheduler,
  });
}
