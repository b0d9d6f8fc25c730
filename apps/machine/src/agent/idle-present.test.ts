import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@reelcast/protocol';
import { fakeHostPlatform, recordingChannel, testHost } from './host-test-helpers.ts';

const IDLE = 60_000;

describe('the idle countdown and a player who says they are there (present)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('present during the countdown starts it over: the seat stays; the countdown comes again only after another idle minute', async () => {
    const { platform, closed } = fakeHostPlatform();
    const { channel, dropped, infos } = recordingChannel();
    const host = testHost(platform, channel, { idleNoCreditMs: IDLE, warningCount: 10 });
    expect(await host.join('page', 'token')).toMatchObject({ ok: true });

    // One tick a second from the join: warnings at 60, 61 and 62 s.
    await vi.advanceTimersByTimeAsync(IDLE + 2_000);
    expect(infos('page').map((info) => info.count)).toEqual([10, 9, 8]);
    expect(infos('page')[0]).toMatchObject({ type: 'SESSION_CLOSE_WARNING', code: ErrorCode.SecondsLeftToDeposit });

    expect(host.present('page')).toEqual({ ok: true });
    // Past where the countdown would have ended the seat.
    await vi.advanceTimersByTimeAsync(15_000);
    expect(dropped.has('page')).toBe(false);
    expect(host.seatedPlayerId).toBe(7);
    expect(infos('page')).toHaveLength(3);

    // Still no one there a minute after Continue: the countdown from 10 again, then the seat ends.
    await vi.advanceTimersByTimeAsync(IDLE - 15_000 + 11_000);
    expect(
      infos('page')
        .slice(3)
        .map((info) => info.count),
    ).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(dropped.get('page')).toMatchObject({ type: 'CLOSE_SESSION', code: ErrorCode.SessionClosing });
    await vi.waitFor(() => expect(closed).toEqual([expect.objectContaining({ figures: expect.objectContaining({ reason: 'closed' }) })]));
    host.stop();
  });

  it('present from a socket that does not hold the seat is refused and keeps nobody alive', async () => {
    const { platform } = fakeHostPlatform();
    const { channel, dropped } = recordingChannel();
    const host = testHost(platform, channel, { idleNoCreditMs: IDLE, warningCount: 10 });
    await host.join('page', 'token');
    await vi.advanceTimersByTimeAsync(IDLE + 3_000);
    expect(host.present('stranger')).toMatchObject({ ok: false, code: ErrorCode.SessionTerminated });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(dropped.get('page')).toMatchObject({ type: 'CLOSE_SESSION' });
    host.stop();
  });
});
