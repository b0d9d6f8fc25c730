import { jwtDecode } from 'jwt-decode';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { i18n } from '@/shared/i18n/i18n';
import { endSession, markGuest, readStoredLastLogin, startSession } from '@/shared/session/session-store';
import { getAccessToken, setAccessToken } from '@/shared/session/token-storage';
import { showMessage } from '@/shared/toasts/toast-store';
import { tokenSignIn } from '../api/token-sign-in';

/**
 * SPEC §4 app start: no token → guest; expired → auto logout 'access_token expired';
 * valid → token sign-in and user data; a failure shows its message in the message bar. The token is
 * forgotten only when the server refuses it, never for a failure that says nothing about it.
 * `messagesReady`: the app start sends the token sign-in before the language's messages are in;
 * a message waits for them.
 */
export async function checkStoredToken(now = Date.now(), messagesReady: Promise<unknown> = Promise.resolve()): Promise<void> {
  const say = async (message: () => string) => {
    await messagesReady;
    showMessage(message());
  };
  const token = getAccessToken();
  if (!token) {
    markGuest();
    return;
  }

  let exp: number | undefined;
  try {
    exp = jwtDecode(token).exp;
  } catch {
    setAccessToken(null);
    markGuest();
    await say(() => i18n.t('auth.invalidToken'));
    return;
  }
  if (exp !== undefined && exp * 1000 <= now) {
    endSession();
    await say(() => i18n.t('auth.tokenExpired'));
    return;
  }

  try {
    const answer = await tokenSignIn(token);
    const stored = readStoredLastLogin();
    startSession({
      token: answer.token,
      user: answer.user,
      lastLogin: {
        ip_address: answer.ip_address ?? stored?.ip_address ?? null,
        last_logon: answer.last_logon ?? stored?.last_logon ?? null,
        last_logon_ip: answer.last_logon_ip ?? stored?.last_logon_ip ?? null,
      },
      pinCode: answer.pin_code,
      pushesFrom: answer.pushesFrom,
    });
  } catch (error) {
    if (refusedByServer(error)) {
      endSession();
    } else {
      // Keep the token: no verdict on it (the server unreachable or failing, the page being left
      // mid-answer); the next page load asks again.
      markGuest();
    }
    await say(() => (error instanceof ApiError && error.status === 401 ? i18n.t('auth.invalidToken') : translateError(error)));
  }
}

/**
 * The server answered that this token cannot sign in: 401 (not a live session) or 403 (banned, not
 * permitted here). Anything else (a rate limit, a server failure, no answer) says nothing about it.
 */
function refusedByServer(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}
