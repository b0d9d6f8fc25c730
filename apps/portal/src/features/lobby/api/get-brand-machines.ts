import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandMachines, type BrandMachines } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /machine/{id}: one brand and its machines (lobby-display mode, SPEC §7). */
export function getBrandMachines(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<BrandMachines> {
  return request(`/machine/${id}`, brandMachines, { signal });
}

export const brandMachinesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['machine', 'brand', id] as const,
    queryFn: ({ signal }) => getBrandMachines(id, { signal }),
  });

/** No retry on mount: the route's loader (prefetch-lobby.ts) has just asked, and asks again on the next visit. */
export const useBrandMachines = (id: number, options: { enabled?: boolean; refetchInterval?: number | false } = {}) =>
  useQuery({
    ...brandMachinesQueryOptions(id),
    enabled: options.enabled ?? true,
    retryOnMount: false,
    refetchInterval: options.refetchInterval ?? false,
  });
