import { describe, expect, it } from 'vitest';
import { FakeScheduler } from '../cabinet/sas/fake-scheduler-test-helpers.ts';
import { HostTimers } from './host-timers.ts';

describe("a host's timers on fake time", () => {
  it('a named timer fires once; setting it again replaces it; clearing it stops it', async () => {
    const scheduler = new FakeScheduler();
    const timers = new HostTimers<'grace' | 'autoplay'>(scheduler);
    const fired: string[] = [];
    timers.set('grace', 1_000, () => fired.push(`grace@${scheduler.now()}`));
    await scheduler.advance(600);
    timers.set('grace', 1_000, () => fired.push(`grace again@${scheduler.now()}`));
    timers.set('autoplay', 100, () => fired.push('autoplay'));
    timers.clear('autoplay');
    await scheduler.advance(2_000);
    expect(fired).toEqual(['grace again@1600']);
    expect(timers.has('grace')).toBe(false);
  });

  it('a repeating timer ticks until cleared, and a stopped set of timers sets none again', async () => {
    const scheduler = new FakeScheduler();
    const timers = new HostTimers<'tick'>(scheduler);
    const ticks: number[] = [];
    timers.every('tick', 1_000, () => {
      ticks.push(scheduler.now());
      if (ticks.length === 3) timers.clear('tick');
    });
    timers.every('tick', 1_000, () => ticks.push(-1));
    await scheduler.advance(10_000);
    expect(ticks).toEqual([1_000, 2_000, 3_000]);

    timers.stop();
    timers.set('tick', 10, () => ticks.push(-2));
    await scheduler.advance(100);
    expect(ticks).toHaveLength(3);
  });
});
