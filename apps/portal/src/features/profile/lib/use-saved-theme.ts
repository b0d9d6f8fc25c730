import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UserSettings } from '@reelcast/protocol';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';
import { useSession } from '@/shared/session/session-store';
import { profileQueryOptions } from '../api/get-profile';

/**
 * The colour mode the signed-in player saved; undefined for a guest or when none is saved. Until the
 * profile has loaded, the mode this browser last saw for the player (no flash of the default colours
 * on a reload); the answer then replaces and remembers it.
 */
export function useSavedTheme(): UserSettings['theme'] {
  const playerId = useSession((state) => (state.status === 'authenticated' ? (state.user?.id ?? null) : null));
  const { data, isSuccess } = useQuery({
    ...profileQueryOptions(),
    enabled: playerId !== null,
    select: (profile) => profile.settings.theme,
  });
  useEffect(() => {
    if (playerId !== null && isSuccess) writeStorage(storageKeys.theme(playerId), data ?? null);
  }, [playerId, isSuccess, data]);
  if (playerId === null) return undefined;
  return isSuccess ? data : rememberedTheme(readStorage(storageKeys.theme(playerId)));
}

const rememberedTheme = (value: string | null): UserSettings['theme'] => (value === 'dark' || value === 'light' ? value : undefined);
