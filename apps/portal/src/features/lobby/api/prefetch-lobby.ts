import type { QueryClient } from '@tanstack/react-query';
import type { Settings } from '@/shared/config/settings';
import { isPathId } from '@/shared/config/paths';
import { brandMachinesQueryOptions } from './get-brand-machines';
import { brandsQueryOptions } from './get-brands';
import { machinesQueryOptions } from './get-machines';

/**
 * The queries the lobby page shows (lobby-page.tsx): brands (unless `showLobby` is off) and machines,
 * or the one brand of lobby-display mode. The route's loader (app/routes.tsx) starts them while the
 * page's code downloads; the page's own queries then find them in flight or answered.
 */
export async function prefetchLobby(
  queryClient: QueryClient,
  { lobbyDisplay, lobbyDisplayId, showLobby }: Pick<Settings, 'lobbyDisplay' | 'lobbyDisplayId' | 'showLobby'>,
): Promise<void> {
  if (lobbyDisplay) {
    await queryClient.prefetchQuery(brandMachinesQueryOptions(lobbyDisplayId));
    return;
  }
  await Promise.all([showLobby && queryClient.prefetchQuery(brandsQueryOptions()), queryClient.prefetchQuery(machinesQueryOptions())]);
}

/** The query the brand page shows (brand-page.tsx), for a valid brand id in the path. */
export async function prefetchBrand(queryClient: QueryClient, id: number): Promise<void> {
  if (isPathId(id)) await queryClient.prefetchQuery(brandMachinesQueryOptions(id));
}
