import { useMutation } from '@tanstack/react-query';
import { logoutAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { login, type LoginInput } from './login';

/**
 * The lock screen's password check: the real POST /login (its codes, attempts left and block), whose
 * new session is signed out at once (POST /player/logout with its token), so the player keeps the one
 * session the page, its socket and its game already use.
 */
export async function verifyPassword(input: LoginInput): Promise<void> {
  const { token } = await login(input);
  await request('/player/logout', logoutAnswer, { method: 'POST', token }).catch(() => undefined);
}

export const useVerifyPassword = () => useMutation({ mutationKey: ['auth', 'verify-password'], mutationFn: verifyPassword });
