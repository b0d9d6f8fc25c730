import { lazy, Suspense, useEffect, useState } from 'react';
import { readStorage, storageKeys } from '@/shared/lib/storage-keys';
import { useSession } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';
import { watchIdle } from '../lib/idle-watcher';
import { clearLock, readLock, storeLock } from '../lib/lock-state';
import { LockCover } from './lock-cover';

export type PinLockProps = {
  /** SPEC §4 logout (POST /player/logout, clear, reload): the app gives it, as the auth feature does it. */
  logout: () => Promise<void>;
};

type Props = PinLockProps & {
  /** Settings.json `idleTimeoutMs` (SPEC §9: 60000). */
  idleTimeoutMs: number;
};

const loadDialog = () => import('./pin-lock-dialog');
const PinLockDialog = lazy(() => loadDialog().then((module) => ({ default: module.PinLockDialog })));

/**
 * SPEC §4 idle lock for a signed-in player with a PIN while `pinCheck` is on (pin-lock-loader.tsx decides
 * when it loads and renders it; it reads no settings itself, so its chunk shares no module with the first load):
 * after `idleTimeoutMs` without activity in any tab of this browser the lock is stored and the dialog
 * opens. A lock stored before a reload or by another tab opens it too, an unlock anywhere closes it
 * everywhere, and a logout in another tab while locked logs this one out as well.
 */
export function PinLock({ logout, idleTimeoutMs }: Props) {
  const verifier = useSession((state) => state.pinCode);
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [locked, setLocked] = useState(() => readLock() !== null);

  useEffect(() => {
    // A lock left by an earlier session goes; the dialog's code comes now, so a lock while offline still shows it.
    if (readStorage(storageKeys.pinLock) !== null && !readLock()) clearLock();
    void loadDialog().catch(() => {});
  }, []);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== null && event.key !== storageKeys.pinLock && event.key !== storageKeys.accessToken) return;
      if (!getAccessToken()) {
        if (locked) void logout();
        return;
      }
      setLocked(readLock() !== null);
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, [locked, logout]);

  useEffect(() => {
    if (!signedIn || !verifier || locked) return;
    return watchIdle({
      timeoutMs: idleTimeoutMs,
      onIdle: () => {
        storeLock();
        setLocked(true);
      },
    });
  }, [signedIn, verifier, locked, idleTimeoutMs]);

  if (!locked || !verifier) return null;
  return (
    <Suspense fallback={<LockCover />}>
      <PinLockDialog
        verifier={verifier}
        logout={logout}
        onUnlock={() => {
          clearLock();
          setLocked(false);
        }}
      />
    </Suspense>
  );
}
