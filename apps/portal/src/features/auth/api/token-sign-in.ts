import { tokenSignInAnswer, type TokenSignInAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** POST /login/token: signs in with a stored token (SPEC §7 "Token sign-in"). */
export function tokenSignIn(token: string): Promise<TokenSignInAnswer> {
  return request('/login/token', tokenSignInAnswer, { method: 'POST', token });
}
