import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileAnswer, type ProfileAnswer, type UserSettings } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/session-store';

/** GET /player/profile: the SPEC §3 user fields, this session's IP, the login before it, saved settings. */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<ProfileAnswer> {
  return request('/player/profile', profileAnswer, { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: ['player', 'profile'] as const,
    queryFn: getProfile,
  });

export const useProfile = () => useQuery(profileQueryOptions());

/** The colour mode the signed-in player saved; undefined for a guest, while loading, or when none is saved. */
export function useSavedTheme(): UserSettings['theme'] {
  const signedIn = useSession((state) => state.status === 'authenticated');
  const { data } = useQuery({ ...profileQueryOptions(), enabled: signedIn, select: (profile) => profile.settings.theme });
  return signedIn ? data : undefined;
}
