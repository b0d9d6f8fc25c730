import { describe, expect, it } from 'vitest';
import { FakeScheduler } from '../cabinet/sas/fake-scheduler-test-helpers.ts';
import { ViewerRights } from './viewer-rights.ts';

describe("a machine's viewer rights", () => {
  it("a video request that comes before its seat request waits for that join's answer", async () => {
    const scheduler = new FakeScheduler();
    const viewers = new ViewerRights(scheduler, 1_500);
    const asked = viewers.viewerOfAfterJoin('tok');
    await scheduler.advance(500);
    let answer!: () => void;
    const joined = new Promise<void>((resolve) => (answer = resolve));
    viewers.joinStarted('tok', joined);
    viewers.seat([['tok', 'sign-in-1']]);
    answer();
    expect(await asked).toBe('sign-in-1');
  });

  it('a token no join comes for is refused once the wait is over; ended sign-ins lose their tokens', async () => {
    const scheduler = new FakeScheduler();
    const viewers = new ViewerRights(scheduler, 1_500);
    viewers.seat([
      ['a', 'sign-in-1'],
      ['b', 'sign-in-2'],
    ]);
    await expect(scheduler.until(viewers.viewerOfAfterJoin('stranger'))).resolves.toBeNull();
    expect(scheduler.now()).toBe(1_500);
    expect(viewers.endSignIns(new Set(['sign-in-1']))).toBe(true);
    expect(viewers.endSignIns(new Set(['sign-in-1']))).toBe(false);
    expect([viewers.viewerOf('a'), viewers.viewerOf('b')]).toEqual([null, 'sign-in-2']);
    expect(viewers.authSessionIds()).toEqual(['sign-in-2']);
  });
});
