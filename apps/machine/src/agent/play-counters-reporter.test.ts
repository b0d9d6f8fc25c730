import { describe, expect, it } from 'vitest';
import type { PlayCountersAnswer, PlayCountersReport } from '@reelcast/protocol';
import { PlatformRefusal, PlatformUnreachable } from './platform-client.ts';
import { PlayCountersReporter } from './play-counters-reporter.ts';

/**
 * The reporter's own rules, against a platform stand-in whose answers the test releases one by one:
 * off the spin's path, one report in flight, latest counters per seat, seats in order, retried until
 * answered, flushed on demand. (jackpot-reports.test.ts runs it inside an agent against a real platform.)
 */
function platformStandIn() {
  const calls: { report: PlayCountersReport; answer: (outcome?: Error) => void }[] = [];
  const send = (report: PlayCountersReport) =>
    new Promise<PlayCountersAnswer>((resolve, reject) => {
      calls.push({ report, answer: (outcome) => (outcome ? reject(outcome) : resolve({ contributed: 0, hits: [] })) });
    });
  return { calls, send };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const at = (spins: number, sessionId: string | null = 'a') => ({ spins, totalBet: spins * 100, sessionId });
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

describe('PlayCountersReporter', () => {
  it('sends nothing on the caller’s path, then one report at a time with the latest counters', async () => {
    const platform = platformStandIn();
    const reporter = new PlayCountersReporter({ send: platform.send });
    reporter.update(at(1, A));
    expect(platform.calls).toHaveLength(0); // update returned before any sending started
    await tick();
    expect(platform.calls.map((c) => c.report)).toEqual([at(1, A)]);
    for (let spins = 2; spins <= 6; spins++) reporter.update(at(spins, A));
    await tick();
    expect(platform.calls).toHaveLength(1); // still the first in flight
    platform.calls[0]!.answer();
    await tick();
    expect(platform.calls.map((c) => c.report)).toEqual([at(1, A), at(6, A)]);
    platform.calls[1]!.answer();
    expect(await reporter.flush(1000)).toBe(true);
    reporter.stop();
  });

  it("keeps one seat's counters before the next seat's", async () => {
    const platform = platformStandIn();
    const reporter = new PlayCountersReporter({ send: platform.send });
    reporter.update(at(1, A));
    await tick();
    reporter.update(at(3, A));
    reporter.update(at(4, A));
    reporter.update(at(4, null));
    reporter.update(at(7, B));
    reporter.update(at(9, B));
    for (let i = 0; i < 4; i++) {
      await tick();
      platform.calls[i]?.answer();
    }
    expect(await reporter.flush(1000)).toBe(true);
    expect(platform.calls.map((c) => c.report)).toEqual([at(1, A), at(4, A), at(4, null), at(9, B)]);
    reporter.stop();
  });

  it('tries again until the platform answers, with the latest counters; drops a refused one', async () => {
    const platform = platformStandIn();
    const logged: string[] = [];
    const reporter = new PlayCountersReporter({ send: platform.send, retryMs: 5, maxRetryMs: 20, log: (m) => logged.push(m) });
    reporter.update(at(1, A));
    await tick();
    platform.calls[0]!.answer(new PlatformUnreachable('down'));
    await expect.poll(() => platform.calls.length).toBe(2);
    expect(platform.calls[1]!.report).toEqual(at(1, A));
    reporter.update(at(2, A));
    platform.calls[1]!.answer(new PlatformUnreachable('still down'));
    // The retry carries the newer counters of the same seat instead.
    await expect.poll(() => platform.calls.length).toBe(3);
    expect(platform.calls[2]!.report).toEqual(at(2, A));
    platform.calls[2]!.answer(new PlatformRefusal(400, 40000, 'no'));
    expect(await reporter.flush(1000)).toBe(true);
    expect(logged).toEqual([
      'a play-counters report did not reach the platform; trying again',
      'the platform refused a play-counters report; the next one carries its bets',
    ]);
    reporter.stop();
  });

  it('flush answers false after its time while the platform is away, and true once the report lands', async () => {
    const platform = platformStandIn();
    const reporter = new PlayCountersReporter({ send: platform.send, retryMs: 60_000 });
    reporter.update(at(1, A));
    await tick();
    expect(await reporter.flush(30)).toBe(false);
    platform.calls[0]!.answer(new PlatformUnreachable('down'));
    await tick();
    // A flush does not wait out the back-off (60 s here): it tries again at once.
    const flushed = reporter.flush(5_000);
    await expect.poll(() => platform.calls.length).toBe(2);
    platform.calls[1]!.answer();
    expect(await flushed).toBe(true);
    reporter.update(at(2, A));
    reporter.stop();
    expect(await reporter.flush(1000)).toBe(false);
  });
});
