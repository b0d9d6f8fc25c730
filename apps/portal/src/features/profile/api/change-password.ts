import { useMutation } from '@tanstack/react-query';
import { passwordChangeAnswer, type PasswordChangeAnswer, type PasswordChangeRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** POST /player/password: 40001 old password is wrong, 40101 password is too short (SPEC §8). */
export function changePassword(body: PasswordChangeRequest): Promise<PasswordChangeAnswer> {
  return request('/player/password', passwordChangeAnswer, { method: 'POST', body });
}

export const useChangePassword = () => useMutation({ mutationKey: ['player', 'password'], mutationFn: changePassword });
