import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';

/** What counts as the player being there (SPEC §4 idle lock). */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** SPEC §4: activity is noted at most this often. */
export const ACTIVITY_THROTTLE_MS = 500;

export type IdleWatch = {
  timeoutMs: number;
  onIdle: () => void;
  target?: Window;
};

/** The last activity in any tab of this browser (ms), or 0. */
const sharedActivity = (): number => Number(readStorage(storageKeys.pinLockActivity)) || 0;

/**
 * Calls `onIdle` once nothing happened for `timeoutMs` in this tab nor in another tab of this browser
 * (a tab in the background must not lock the one in use). Activity is noted at most every 500 ms, in
 * this tab and in localStorage for the others; the timer is not reset by each event but, when it
 * fires, set again for what is left. Answers the function that stops watching.
 */
export function watchIdle({ timeoutMs, onIdle, target = window }: IdleWatch): () => void {
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const noteActivity = () => {
    const now = Date.now();
    if (now - last < ACTIVITY_THROTTLE_MS) return;
    last = now;
    writeStorage(storageKeys.pinLockActivity, String(now));
  };
  const check = () => {
    const idleFor = Date.now() - Math.max(last, sharedActivity());
    if (idleFor < timeoutMs) {
      timer = setTimeout(check, timeoutMs - idleFor);
      return;
    }
    stop();
    onIdle();
  };
  const stop = () => {
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, noteActivity, true);
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, noteActivity, { capture: true, passive: true });
  timer = setTimeout(check, timeoutMs);
  return stop;
}
