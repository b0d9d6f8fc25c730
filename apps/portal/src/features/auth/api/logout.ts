import { logoutAnswer, type LogoutAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** POST /player/logout: the server revokes the token. */
export function logout(): Promise<LogoutAnswer> {
  return request('/player/logout', logoutAnswer, { method: 'POST' });
}
