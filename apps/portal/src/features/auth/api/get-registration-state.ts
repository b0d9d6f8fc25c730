import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationState, type RegistrationState } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/auth/register: whether the operator opened registration, and the form's length rules. */
export function getRegistrationState({ signal }: { signal?: AbortSignal } = {}): Promise<RegistrationState> {
  return request('/api/auth/register', registrationState, { signal, token: null });
}

export const registrationStateQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'registration'] as const,
    queryFn: getRegistrationState,
    // The operator may open or close it at any time: asked again on each visit of the page.
    staleTime: 0,
  });

export const useRegistrationState = () => useQuery(registrationStateQueryOptions());
