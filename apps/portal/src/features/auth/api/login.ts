import { useMutation } from '@tanstack/react-query';
import { loginAnswer, type LoginAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { getSettings } from '@/shared/config/settings';
import { decodeToken } from '@/shared/session/token-storage';
import { startSession, userFromClaims } from '@/shared/session/session-store';
import { dismissAllToasts } from '@/shared/toasts/toast-store';

export type LoginInput = { username: string; password: string };

/** POST /login {username, password, site_id}. */
export function login({ username, password }: LoginInput): Promise<LoginAnswer> {
  return request('/login', loginAnswer, {
    method: 'POST',
    body: { username, password, site_id: getSettings().siteId },
    token: null,
  });
}

/**
 * Starts the session from a login answer: the user the answer carries (with the saved shortcuts), else
 * the one the token's claims describe.
 */
export function startSessionFromLogin(answer: LoginAnswer): void {
  const claims = decodeToken(answer.token);
  if (!claims) throw new Error('The server sent an unreadable access token');
  startSession({
    token: answer.token,
    user: answer.user ?? userFromClaims(claims),
    lastLogin: { ip_address: answer.ip_address, last_logon: answer.last_logon, last_logon_ip: answer.last_logon_ip },
    pinCode: answer.pin_code,
    pushesFrom: answer.pushesFrom,
  });
  // The wrong-password messages of earlier attempts are answered now.
  dismissAllToasts();
}

export function useLogin() {
  return useMutation({
    mutationKey: ['login'],
    mutationFn: login,
    onSuccess: startSessionFromLogin,
  });
}
