import { useQuery } from '@tanstack/react-query';
import { resetTokenCheckAnswer, type ResetTokenCheckAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/auth/reset-password/check?token=: whether the mailed link still works, before the player types. */
export function checkResetToken(token: string, { signal }: { signal?: AbortSignal } = {}): Promise<ResetTokenCheckAnswer> {
  return request(`/api/auth/reset-password/check?token=${encodeURIComponent(token)}`, resetTokenCheckAnswer, { signal, token: null });
}

export const useResetTokenCheck = (token: string) =>
  useQuery({
    queryKey: ['auth', 'reset-token', token] as const,
    queryFn: ({ signal }) => checkResetToken(token, { signal }),
    staleTime: 0,
  });
