import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProtectionCode, type SeatProtection } from '@reelcast/protocol';
import { fakeHostPlatform, recordingChannel, testHost } from './host-test-helpers.ts';

/** A seat whose player has these limits (the platform's seat answer), idle countdowns far away. */
async function seatedWith(protection: Partial<SeatProtection>) {
  const full: SeatProtection = { playUntil: null, playLimitMinutes: null, lossRoom: null, realityCheckMinutes: 15, ...protection };
  const { platform, closed } = fakeHostPlatform();
  const seat = platform.seat;
  platform.seat = async (...args) => ({ ...(await seat(...args)), protection: full });
  const recording = recordingChannel();
  const host = testHost(platform, recording.channel, { idleNoCreditMs: 3 * 3_600_000, idleWithCreditMs: 3 * 3_600_000, warningCount: 10 });
  expect(await host.join('page', 'token')).toMatchObject({ ok: true });
  return { host, closed, ...recording };
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

  it('with the loss room spent and no credit to bet: the countdown with 40945, then the seat closes', async () => {
    const { host, closed, infos, dropped } = await seatedWith({ lossRoom: 0, realityCheckMinutes: 120 });
    await vi.advanceTimersByTimeAsync(11_000);
    expect(infos('page')[0]).toEqual({ type: 'SESSION_CLOSE_WARNING', code: ProtectionCode.LossLimitReachedInPlay, count: 10 });
    expect(dropped.get('page')).toEqual({ type: 'CLOSE_SESSION', code: ProtectionCode.LossLimitReachedInPlay });
    await vi.waitFor(() => expect(closed).toHaveLength(1));
    host.stop();
  });
});
