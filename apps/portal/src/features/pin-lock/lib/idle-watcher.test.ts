import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, ACTIVITY_THROTTLE_MS, watchIdle } from './idle-watcher';

const TIMEOUT = 60_000;
const act = (type: string = 'pointermove') => window.dispatchEvent(new Event(type));
let start = 0;
/** Moves the clock to `ms` after the test's start. */
const at = (ms: number) => vi.advanceTimersByTime(start + ms - Date.now());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  start = Date.now();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('idle watcher (SPEC §4: 60 s idle, activity throttled at 500 ms)', () => {
  it('calls onIdle once the timeout passes without activity, not a moment before, and once only', () => {
    const onIdle = vi.fn();
    watchIdle({ timeoutMs: TIMEOUT, onIdle });
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TIMEOUT * 3);
    act();
    vi.advanceTimersByTime(TIMEOUT * 3);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each(ACTIVITY_EVENTS)('%s counts as activity: the timeout starts again from it', (type) => {
    const onIdle = vi.fn();
    watchIdle({ timeoutMs: TIMEOUT, onIdle });
    vi.advanceTimersByTime(30_000);
    act(type);
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('notes activity at most every 500 ms: what comes sooner after the last noted one does not move the timeout', () => {
    const onIdle = vi.fn();
    watchIdle({ timeoutMs: TIMEOUT, onIdle });
    at(1_000);
    act(); // noted
    at(1_000 + ACTIVITY_THROTTLE_MS - 1);
    act(); // 499 ms later: not noted
    at(1_000 + TIMEOUT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    at(1_000 + TIMEOUT);
    expect(onIdle).toHaveBeenCalledTimes(1); // a minute after the noted activity, not after the later one
  });

  it('activity 500 ms after the last noted one is noted', () => {
    const onIdle = vi.fn();
    watchIdle({ timeoutMs: TIMEOUT, onIdle });
    vi.advanceTimersByTime(1_000);
    act();
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    act(); // noted at 1500
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("another tab's activity (stored) keeps this tab from locking; each tab stores its own", () => {
    const onIdle = vi.fn();
    watchIdle({ timeoutMs: TIMEOUT, onIdle });
    vi.advanceTimersByTime(50_000);
    window.localStorage.setItem('pin_lock_activity', String(Date.now())); // the tab in use, at 50 s
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);

    watchIdle({ timeoutMs: TIMEOUT, onIdle: vi.fn() });
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    act('keydown');
    expect(window.localStorage.getItem('pin_lock_activity')).toBe(String(Date.now()));
  });

  it('stops: no call, and activity is no longer listened to', () => {
    const onIdle = vi.fn();
    const stop = watchIdle({ timeoutMs: TIMEOUT, onIdle });
    stop();
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS);
    act();
    vi.advanceTimersByTime(TIMEOUT * 2);
    expect(onIdle).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('pin_lock_activity')).toBeNull();
  });
});
