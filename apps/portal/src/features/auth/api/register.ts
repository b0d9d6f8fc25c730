import { useMutation } from '@tanstack/react-query';
import { checkYourMailAnswer, type CheckYourMailAnswer, type RegisterRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/**
 * POST /api/auth/register (SPEC §7): 202 "check your mail" whatever the accounts are; 400 names the
 * field it refuses, 40101 / 40102 the password, 40311 registration closed, 429 too many tries.
 */
export function register(body: RegisterRequest): Promise<CheckYourMailAnswer> {
  return request('/api/auth/register', checkYourMailAnswer, { method: 'POST', body, token: null });
}

export const useRegister = () => useMutation({ mutationKey: ['auth', 'register'], mutationFn: register });
