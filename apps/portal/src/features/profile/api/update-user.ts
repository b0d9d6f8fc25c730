import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountUser, type AccountUser, type UserUpdateRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { useSessionStore } from '@/shared/session/session-store';
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
    onSuccess: async (saved) => {
      const { settings: _settings, ...user } = saved;
      useSessionStore.setState((state) => (state.user ? { user: { ...state.user, ...user } } : {}));
      // The saved settings (the theme among them) apply now, not after the refetch.
      queryClient.setQueryData(profileQueryOptions().queryKey, (profile) => profile && { ...profile, ...saved });
      await queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey });
    },
  });
}
