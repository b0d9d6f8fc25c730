import type { TokenClaims } from '@reelcast/protocol';
import { startSession, userFromClaims } from '@/shared/session/session-store';
import { decodeToken } from '@/shared/session/token-storage';
import { makeToken } from './jwt';

/**
 * Puts a signed-in player in the session store (what a successful login leaves behind); `pushesFrom`:
 * the sign-in answer's point for the notification socket (none: a platform that sends none).
 */
export function signIn(claims: Partial<TokenClaims> = {}, { pushesFrom }: { pushesFrom?: string } = {}) {
  const token = makeToken(claims);
  const decoded = decodeToken(token);
  if (!decoded) throw new Error('test token does not decode');
  startSession({
    token,
    user: userFromClaims(decoded),
    lastLogin: { ip_address: '10.0.0.7', last_logon: '2025-03-04T05:06:07', last_logon_ip: '10.0.0.8' },
    pinCode: null,
    pushesFrom,
  });
  return { token, claims: decoded };
}
