import { queryOptions, useQuery } from '@tanstack/react-query';
import { machineList, type Machine } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /machine/all: every machine with its status and reservation. */
export function getMachines({ signal }: { signal?: AbortSignal } = {}): Promise<Machine[]> {
  return request('/machine/all', machineList, { signal });
}

export const machinesQueryOptions = () =>
  queryOptions({
    queryKey: ['machine', 'all'] as const,
    queryFn: getMachines,
  });

/** No retry on mount: the route's loader (prefetch-lobby.ts) has just asked, and asks again on the next visit. */
export const useMachines = (options: { enabled?: boolean; refetchInterval?: number | false } = {}) =>
  useQuery({
    ...machinesQueryOptions(),
    enabled: options.enabled ?? true,
    retryOnMount: false,
    refetchInterval: options.refetchInterval ?? false,
  });
