import type { QueryClient } from '@tanstack/react-query';
import type { Brand, JackpotPush } from '@reelcast/protocol';
import { brandMachinesQueryOptions } from '../api/get-brand-machines';
import { brandsQueryOptions } from '../api/get-brands';

const withJackpot = (brand: Brand, push: JackpotPush): Brand => (brand.id === push.brandId ? { ...brand, jackpot: push.jackpot } : brand);

/**
 * A brand's live jackpot meters (the notification socket's jackpot push, SPEC §3's comma-separated
 * string) written into the caches that already hold the brand: the lobby's brand list and that brand's
 * page. Nothing is cached that was not asked for.
 */
export function applyJackpotPush(queryClient: QueryClient, push: JackpotPush): void {
  queryClient.setQueryData(brandsQueryOptions().queryKey, (brands) => brands?.map((brand) => withJackpot(brand, push)));
  queryClient.setQueryData(brandMachinesQueryOptions(push.brandId).queryKey, (answer) =>
    answer ? { ...answer, brand: withJackpot(answer.brand, push) } : answer,
  );
}
