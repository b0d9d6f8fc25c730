import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountUser, type AccountUser, type UserUpdateRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { updateSessionUser } from '@/shared/session/session-store';
import { profileQueryOptions } from './get-profile';

/** POST /api/auth/user/update (SPEC §7): saves shortcuts and settings; answers the updated user data. */
export function updateUser(body: UserUpdateRequest): Promise<AccountUser> {
  return request('/api/auth/user/update', accountUser, { method: 'POST', body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['player', 'user', 'update'],
    mutationFn: updateUser,
    onSuccess: (saved) => {
      const { settings: _settings, ...user } = saved;
      updateSessionUser(user);
      // The answer is the whole account user (a save leaves the session's fields as they are): no refetch.
      queryClient.setQueryData(profileQueryOptions().queryKey, (profile) => profile && { ...profile, ...saved });
    },
  });
}
