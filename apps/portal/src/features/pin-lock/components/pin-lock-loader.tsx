import { useEffect, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getSettings } from '@/shared/config/settings';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';
import { readStorage, storageKeys } from '@/shared/lib/storage-keys';
import { useSession } from '@/shared/session/session-store';
import { LockCover } from './lock-cover';
// A type import loads nothing: ./pin-lock still loads after the first view.
import type { PinLockProps } from './pin-lock';

/**
 * SPEC §4 idle lock, for a signed-in player with a PIN while Settings.json's `pinCheck` is on: its
 * watcher (./pin-lock) loads after the first view, so it costs a first view nothing; at once, under a
 * blank cover, when this browser is locked already (a reload while locked). Nothing loads otherwise.
 */
export function PinLockLoader({ logout, pageShown }: PinLockProps & { pageShown?: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const on = useSession((state) => state.user !== null && state.pinCode !== null && getSettings().pinCheck);
  const locked = on && readStorage(storageKeys.pinLock) !== null;
  const [PinLock, setPinLock] = useState<ComponentType<PinLockProps & { idleTimeoutMs: number }>>();

  useEffect(() => {
    if (!on) return;
    void (locked ? Promise.resolve() : afterFirstView(queryClient, pageShown))
      .then(() =>
        loadUntilLoaded(
          () => import('./pin-lock'),
          () => false,
        ),
      )
      .then((loaded) => setPinLock(() => loaded!.PinLock));
  }, [on, locked, queryClient, pageShown]);

  if (!on) return null;
  return PinLock ? <PinLock logout={logout} idleTimeoutMs={getSettings().idleTimeoutMs} /> : locked && <LockCover />;
}
