import { checkYourMailAnswer, type CheckYourMailAnswer, type ForgotPasswordRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/**
 * POST /api/auth/forgot-password {login, language}: 202 "check your mail" whatever the accounts are.
 * Not a mutation of the query client: its one error path would show a refusal as a message, and the
 * page says the same thing whatever the answer (docs/self-service.md: no answer tells whether an
 * account exists).
 */
export function requestPasswordReset(body: ForgotPasswordRequest): Promise<CheckYourMailAnswer> {
  return request('/api/auth/forgot-password', checkYourMailAnswer, { method: 'POST', body, token: null });
}
