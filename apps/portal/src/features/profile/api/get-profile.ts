import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileAnswer, type ProfileAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

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
