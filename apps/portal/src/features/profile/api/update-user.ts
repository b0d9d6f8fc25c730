import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateUser } from '@/shared/api/update-user';
import { updateSessionUser } from '@/shared/session/session-store';
import { profileQueryOptions } from './get-profile';

/** POST /api/auth/user/update (SPEC §7, shared/api/update-user.ts) from the profile page: the answer updates the session and the profile. */
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
