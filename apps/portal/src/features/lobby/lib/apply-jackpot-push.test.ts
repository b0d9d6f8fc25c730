import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Brand, BrandMachines } from '@reelcast/protocol';
import { brandMachinesQueryOptions } from '../api/get-brand-machines';
import { brandsQueryOptions } from '../api/get-brands';
import { applyJackpotPush } from './apply-jackpot-push';

const brand = (id: number, jackpot: string): Brand => ({ id, name: `Brand ${id}`, image: '', machineCount: 1, jackpot });

describe('applyJackpotPush', () => {
  it("writes the brand's meters into the lobby's brand list, leaving the other brands as they were", () => {
    const client = new QueryClient();
    const other = brand(2, '99.00');
    client.setQueryData(brandsQueryOptions().queryKey, [brand(1, '1250.50,640.00'), other]);

    applyJackpotPush(client, { brandId: 1, jackpot: '1251.75,640.10' });

    const brands = client.getQueryData(brandsQueryOptions().queryKey);
    expect(brands?.map((b) => b.jackpot)).toEqual(['1251.75,640.10', '99.00']);
    expect(brands?.[1]).toBe(other);
    expect(brands?.[0]).toMatchObject({ id: 1, name: 'Brand 1', machineCount: 1 });
  });

  it("updates the brand's own page (GET /machine/{id}) and no other brand's", () => {
    const client = new QueryClient();
    client.setQueryData<BrandMachines>(brandMachinesQueryOptions(1).queryKey, { brand: brand(1, '10.00'), machines: [] });
    client.setQueryData<BrandMachines>(brandMachinesQueryOptions(2).queryKey, { brand: brand(2, '20.00'), machines: [] });

    applyJackpotPush(client, { brandId: 1, jackpot: '11.00' });

    expect(client.getQueryData(brandMachinesQueryOptions(1).queryKey)?.brand.jackpot).toBe('11.00');
    expect(client.getQueryData(brandMachinesQueryOptions(2).queryKey)?.brand.jackpot).toBe('20.00');
  });

  it('caches nothing that was not asked for, and ignores a brand the list does not hold', () => {
    const client = new QueryClient();
    applyJackpotPush(client, { brandId: 1, jackpot: '11.00' });
    expect(client.getQueryData(brandsQueryOptions().queryKey)).toBeUndefined();
    expect(client.getQueryData(brandMachinesQueryOptions(1).queryKey)).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);

    client.setQueryData(brandsQueryOptions().queryKey, [brand(1, '10.00')]);
    applyJackpotPush(client, { brandId: 7, jackpot: '70.00' });
    expect(client.getQueryData(brandsQueryOptions().queryKey)).toEqual([brand(1, '10.00')]);
  });
});
