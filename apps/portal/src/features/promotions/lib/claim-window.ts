import { readStorage, writeStorage } from '@/shared/lib/storage-keys';

/** SPEC §9: discount and bonus are checked against the last attempt with this window (described as 5 minutes). */
export const CLAIM_WINDOW_MS = 30_000;

/** localStorage keys of the last claim attempt. `l_c_bw` (weekly bonus) is the SPEC's; the other two follow it. */
export const claimAttemptKeys = {
  discount: 'l_c_d',
  bonus: 'l_c_b',
  weekly: 'l_c_bw',
} as const;

export function lastAttempt(key: string): number | null {
  const value = Number(readStorage(key));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordAttempt(key: string, now = Date.now()): void {
  writeStorage(key, String(now));
}

/** True when the last attempt under `key` is less than CLAIM_WINDOW_MS ago. */
export function withinWindow(key: string, now = Date.now()): boolean {
  const last = lastAttempt(key);
  return last !== null && now - last >= 0 && now - last < CLAIM_WINDOW_MS;
}
