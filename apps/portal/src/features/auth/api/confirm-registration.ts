import { registerConfirmAnswer, type RegisterConfirmAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

const asked = new Map<string, Promise<RegisterConfirmAnswer>>();

/**
 * POST /api/auth/register/confirm {token}: the mailed link opens the account (41001 when the link
 * expired or was used, 40930 when its name or address was taken meanwhile). A link's token is sent
 * once per page load: a second call for it (React's development double effects, a re-render) gets the
 * first one's answer, where a second request would find the link used.
 */
export function confirmRegistration(token: string): Promise<RegisterConfirmAnswer> {
  let answer = asked.get(token);
  if (!answer) {
    answer = request('/api/auth/register/confirm', registerConfirmAnswer, { method: 'POST', body: { token }, token: null });
    asked.set(token, answer);
  }
  return answer;
}
