import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandList, type Brand } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /machine/brands: brands with machineCount and a comma-separated jackpot string. */
export function getBrands({ signal }: { signal?: AbortSignal } = {}): Promise<Brand[]> {
  return request('/machine/brands', brandList, { signal });
}

export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: ['machine', 'brands'] as const,
    queryFn: getBrands,
  });

/** No retry on mount: the route's loader (prefetch-lobby.ts) has just asked, and asks again on the next visit. */
export const useBrands = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...brandsQueryOptions(), retryOnMount: false, enabled });
