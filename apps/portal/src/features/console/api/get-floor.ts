import { queryOptions, useQuery } from '@tanstack/react-query';
import { floorAnswer, type FloorAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/console/floor: every machine with its seated player (staff, admin; docs/console.md). */
export function getFloor({ signal }: { signal?: AbortSignal } = {}): Promise<FloorAnswer> {
  return request('/api/console/floor', floorAnswer, { signal });
}

export const floorQueryOptions = () =>
  queryOptions({
    queryKey: ['console', 'floor'] as const,
    queryFn: getFloor,
  });

export const useFloor = () => useQuery(floorQueryOptions());
