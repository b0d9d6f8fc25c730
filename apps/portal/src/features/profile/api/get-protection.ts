import { queryOptions, useQuery } from '@tanstack/react-query';
import { protectionStatus, type ProtectionStatus } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /player/protection: the player's limits, what waits for its cooling-off, this period's figures. */
export function getProtection({ signal }: { signal?: AbortSignal } = {}): Promise<ProtectionStatus> {
  return request('/player/protection', protectionStatus, { signal });
}

export const protectionQueryOptions = () =>
  queryOptions({
    queryKey: ['player', 'protection'] as const,
    queryFn: getProtection,
  });

export const useProtection = () => useQuery(protectionQueryOptions());
