import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectionCode, type SeatProtection } from '@reelcast/protocol';
import { EmulatedCabinet } from '../cabinet/emulated-cabinet.ts';
import { fakeLedger } from './fake-ledger-test-helpers.ts';
import { fakeHostPlatform, recordingChannel, testHost } from './host-test-helpers.ts';
import { MachineHost } from './machine-host.ts';

/** A seat whose player has these limits (the platform's seat answer), idle countdowns far away. */
async function seatedWith(protection: Partial<SeatProtection>) {
  const full: SeatProtection = { playUntil: null, playLimitMinutes: null, lossRoom: null, realityCheckMinutes: 15, ...protection };
  const { platform, closed } = fakeHostPlatform();
  const seat = platform.seat;
  platform.seat = async (...args) => ({ ...(await seat(...args)), protection: full });
  const recording = recordingChannel();
  const host = testHost(platform, recording.channel, { idleNoCreditMs: 3 * 3_600_000, idleWithCreditMs: 3 * 3_600_000, warningCount: 10 });
  const joined = await host.join('page', 'token');
  expect(joined).toMatchObject({ ok: true });
  return { host, closed, sessionId: (joined as { sessionId?: string }).sessionId ?? '', ...recording };
}

describe("the seat keeps the player's limits (docs/player-protection.md)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pauses for a reality check every N minutes: play waits for the answer; Continue plays on, Stop cashes out and ends the seat', async () => {
    const { host, closed, infos } = await seatedWith({ realityCheckMinutes: 15 });
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(infos('page')).toEqual([{ type: 'REALITY_CHECK', playedSeconds: 900, net: 0 }]);
    expect(await host.press('page', 'BET_UP')).toMatchObject({ ok: false, code: ProtectionCode.RealityCheckPending });
    expect(await host.transfer('page', 1000, 'while-paused')).toMatchObject({ ok: false, code: ProtectionCode.RealityCheckPending });

    expect(await host.realityCheck('page', 'continue')).toEqual({ ok: true });
    expect(await host.press('page', 'BET_UP')).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(infos('page')).toHaveLength(2);
    expect(await host.realityCheck('page', 'stop')).toMatchObject({ ok: true });
    expect(closed).toEqual([expect.objectContaining({ figures: expect.objectContaining({ reason: 'cashout' }) })]);
    expect(host.seatedPlayerId).toBeNull();
    host.stop();
  });

  it('at the play-time limit: the SPEC §4 countdown from 10 with the limit code, then CLOSE_SESSION and the cash-out', async () => {
    const { host, closed, infos, dropped } = await seatedWith({
      playUntil: new Date(Date.now() + 10 * 60_000).toISOString(),
      playLimitMinutes: 30,
      realityCheckMinutes: 120,
    });
    await vi.advanceTimersByTimeAsync(10 * 60_000 - 10_000);
    expect(infos('page')).toEqual([
      { type: 'SESSION_CLOSE_WARNING', code: ProtectionCode.PlayTimeLimitReached, count: 10, Params: { minutes: 30 } },
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(infos('page').map((info) => info.count)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(dropped.get('page')).toEqual({ type: 'CLOSE_SESSION', code: ProtectionCode.PlayTimeLimitReached, Params: { minutes: 30 } });
    await vi.waitFor(() => expect(closed).toEqual([expect.objectContaining({ figures: expect.objectContaining({ reason: 'closed' }) })]));
    host.stop();
  });

  it("a limit changed on the platform while seated (the limits command) applies to the seat at once; another session's is refused", async () => {
    const { host, sessionId, infos, dropped } = await seatedWith({ realityCheckMinutes: 120 });
    const later = { playUntil: new Date(Date.now() + 15_000).toISOString(), playLimitMinutes: 5, lossRoom: null, realityCheckMinutes: 120 };
    expect(await host.limitsChanged('00000000-0000-4000-8000-000000000000', later)).toMatchObject({ ok: false });
    expect(await host.limitsChanged(sessionId, later)).toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(15_000);
    expect(infos('page').map((info) => info.count)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(dropped.get('page')).toMatchObject({ type: 'CLOSE_SESSION', code: ProtectionCode.PlayTimeLimitReached });
    host.stop();
  });

  it('with the loss room spent and no credit to bet: the countdown with 40945, then the seat closes', async () => {
    const { host, closed, infos, dropped } = await seatedWith({ lossRoom: 0, realityCheckMinutes: 120 });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(infos('page')[0]).toEqual({ type: 'SESSION_CLOSE_WARNING', code: ProtectionCode.LossLimitReachedInPlay, count: 10 });
    expect(dropped.get('page')).toEqual({ type: 'CLOSE_SESSION', code: ProtectionCode.LossLimitReachedInPlay });
    await vi.waitFor(() => expect(closed).toHaveLength(1));
    host.stop();
  });
});

describe('after an agent restart (docs/player-protection.md "During play")', () => {
  let folder: string;
  beforeEach(() => {
    vi.useFakeTimers();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-limits-'));
  });
  afterEach(() => {
    vi.useRealTimers();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /**
   * Machine 1 as the agent starts it, from its state file in `folder`: one seat whose player has a
   * wallet of 100.00 in a ledger in memory; the platform answers every join of the seat with
   * `protection()` as it stands then, the same session and its start.
   */
  function machine(ledger: ReturnType<typeof fakeLedger>, protection: () => SeatProtection) {
    const { platform } = fakeHostPlatform(100_000, ledger.platform);
    const seat = platform.seat;
    let first: Awaited<ReturnType<typeof seat>> | null = null;
    platform.seat = async (...args) => {
      first ??= await seat(...args);
      return { ...first, balance: ledger.ledger.balance, protection: protection() };
    };
    return async () => {
      const recording = recordingChannel();
      const host = MachineHost.load({
        id: 1,
        name: 'Test Machine',
        cabinet: (saved) => (saved ? EmulatedCabinet.restore(saved) : EmulatedCabinet.create({ machineId: '1', seed: 'restart' })),
        platform,
        channel: recording.channel,
        timing: { idleNoCreditMs: 3 * 3_600_000, idleWithCreditMs: 3 * 3_600_000, warningCount: 10 },
        stateFile: path.join(folder, '1.json'),
      });
      await host.start({ address: null, video: null });
      return { host, ...recording };
    };
  }
  const limits = { playUntil: null, playLimitMinutes: null, lossRoom: 10_000, realityCheckMinutes: 15 };

  it("the watch comes back from the state file: the reality check keeps the session's schedule and money, one left unanswered is asked again, Stop cashes out", async () => {
    const ledger = fakeLedger(100_000);
    const start = machine(ledger, () => limits);
    const before = await start();
    expect(await before.host.join('page', 'token')).toMatchObject({ ok: true });
    expect(await before.host.transfer('page', 4_000, 'in-1')).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    before.host.stop();

    // Restarted 10 minutes into the seat; the player joins again.
    const after = await start();
    expect(await after.host.join('page-2', 'token')).toMatchObject({ ok: true });
    // A repeat of the cash-in the watch counted before the restart is not counted again.
    expect(await after.host.transfer('page-2', 4_000, 'in-1')).toMatchObject({ ok: true });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    // 15 minutes from the seat's start, 4.00 in and 4.00 on the meter: even (without the kept money: 4.00 won).
    expect(after.infos('page-2')).toEqual([{ type: 'REALITY_CHECK', playedSeconds: 900, net: 0 }]);
    after.host.stop();

    // Restarted while the check waits for an answer: asked again on the next join, play paused until answered.
    const again = await start();
    await again.host.join('page-3', 'token');
    expect(again.infos('page-3')).toEqual([{ type: 'REALITY_CHECK', playedSeconds: 900, net: 0 }]);
    expect(await again.host.press('page-3', 'SPIN')).toMatchObject({ ok: false, code: ProtectionCode.RealityCheckPending });
    const stopped = again.host.realityCheck('page-3', 'stop');
    // The seat's play counters go to the platform first (sent off the spin's path, on a timer).
    await vi.advanceTimersByTimeAsync(100);
    expect(await stopped).toMatchObject({ ok: true, amount: 4_000 });
    expect(ledger.ledger.balance).toBe(100_000);
    expect(again.host.seatedPlayerId).toBeNull();
    again.host.stop();
  });

  it('a limit set while the player was away reaches the restored watch at the join: a session limit closes the seat', async () => {
    const ledger = fakeLedger(100_000);
    let protection: SeatProtection = limits;
    const start = machine(ledger, () => protection);
    const before = await start();
    await before.host.join('page', 'token');
    before.host.stop();

    protection = { ...limits, playUntil: new Date(Date.now() + 20_000).toISOString(), playLimitMinutes: 30 };
    const after = await start();
    await after.host.join('page-2', 'token');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(after.infos('page-2').map((info) => info.count)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(after.dropped.get('page-2')).toEqual({
      type: 'CLOSE_SESSION',
      code: ProtectionCode.PlayTimeLimitReached,
      Params: { minutes: 30 },
    });
    await vi.waitFor(() => expect(ledger.ledger.closed).toHaveLength(1));
    after.host.stop();
  });
});
