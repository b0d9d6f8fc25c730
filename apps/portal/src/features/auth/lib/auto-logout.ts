import { showMessage } from '@/shared/toasts/toast-store';
import { endSession, getSession } from '@/shared/session/session-store';

/**
 * SPEC §4 auto logout: show the message, then forget the session. The route guard then sends the
 * player to /login carrying the page they were on. Once per session: later failures are ignored.
 */
export function autoLogout(message: string): void {
  if (getSession().status !== 'authenticated') return;
  showMessage(message, 'error');
  endSession();
}
