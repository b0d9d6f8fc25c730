import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';
import { decodeToken, getAccessToken } from '@/shared/session/token-storage';

/** Wrong PINs allowed before the lock logs the player out (docs/pin-lock.md). */
export const MAX_WRONG_PINS = 5;

type Lock = { session: string; failures: number };

/** The sign-in session of this browser (its token's jti): a lock belongs to it, and a new sign-in has none. */
export function currentSession(): string | null {
  const token = getAccessToken();
  return (token && decodeToken(token)?.jti) || null;
}

/**
 * The stored lock of this browser's session, or null. It lives in localStorage, so a reload keeps it
 * and every tab sees it; one left by an earlier session (a logout that never finished) does not count.
 */
export function readLock(): Lock | null {
  const raw = readStorage(storageKeys.pinLock);
  if (!raw) return null;
  try {
    const lock = JSON.parse(raw) as Partial<Lock> | null;
    const session = currentSession();
    if (session && lock?.session === session && Number.isInteger(lock.failures) && lock.failures! >= 0) {
      return { session, failures: lock.failures! };
    }
  } catch {
    // not ours: no lock
  }
  return null;
}

/** Stores the lock (SPEC §4 "a lock flag is stored"); a lock already there keeps its count of wrong PINs. */
export function storeLock(): void {
  const session = currentSession();
  if (session && !readLock()) writeStorage(storageKeys.pinLock, JSON.stringify({ session, failures: 0 }));
}

/** Counts a wrong PIN, in storage so that neither a reload nor another tab starts the count again; answers the count. */
export function countWrongPin(): number {
  const lock = readLock();
  if (!lock) return MAX_WRONG_PINS;
  const failures = lock.failures + 1;
  writeStorage(storageKeys.pinLock, JSON.stringify({ ...lock, failures }));
  return failures;
}

/** Unlocks: the flag and its count go, in every tab. */
export function clearLock(): void {
  writeStorage(storageKeys.pinLock, null);
}
