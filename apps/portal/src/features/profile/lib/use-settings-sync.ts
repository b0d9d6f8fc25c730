import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/shared/session/session-store';
import { applyServerSettings, registerRemoteSettingsSave } from '@/shared/shell-settings/shell-settings';
import { profileQueryOptions } from '../api/get-profile';
import { useUpdateUser } from '../api/update-user';

/**
 * Keeps a signed-in player's theme settings (shared/shell-settings) with the server: a change is sent
 * with POST /api/auth/user/update (a failure shows through the app's one error path), and the copy the
 * profile answers (GET /player/profile) replaces this browser's once it loads.
 */
export function useSettingsSync(): void {
  const playerId = useSession((state) => (state.status === 'authenticated' ? (state.user?.id ?? null) : null));
  const { mutateAsync } = useUpdateUser();
  useEffect(() => {
    registerRemoteSettingsSave((settings) => mutateAsync({ user: { settings } }));
    return () => registerRemoteSettingsSave(null);
  }, [mutateAsync]);

  const { data } = useQuery({ ...profileQueryOptions(), enabled: playerId !== null, select: (profile) => profile.settings });
  useEffect(() => {
    if (playerId !== null && data) applyServerSettings(playerId, data);
  }, [playerId, data]);
}
