import { useMutation } from '@tanstack/react-query';
import { resetPasswordAnswer, type ResetPasswordAnswer, type ResetPasswordRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/**
 * POST /api/auth/reset-password {token, password}: the password is set and every session of the
 * player signed out; 41001 when the link expired or was used, 40101 / 40102 a weak password.
 */
export function resetPassword(body: ResetPasswordRequest): Promise<ResetPasswordAnswer> {
  return request('/api/auth/reset-password', resetPasswordAnswer, { method: 'POST', body, token: null });
}

export const useResetPassword = () => useMutation({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });
