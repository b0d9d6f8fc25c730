import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { BrandMachines, Machine } from '@reelcast/protocol';
import { brandMachinesQueryOptions } from '../api/get-brand-machines';
import { machinesQueryOptions } from '../api/get-machines';
import { applyMachinePush } from './apply-machine-push';
import { parseJackpots } from './jackpots';

const machine = (id: number): Machine => ({
  id,
  name: `M${id}`,
  status: 'idle',
  image: '',
  brand: 'Aurora',
  brandId: 1,
  reservation: null,
  address: null,
  video: null,
});

describe('applyMachinePush', () => {
  it('updates the machine in the full list and in every brand list, leaving others alone', () => {
    const client = new QueryClient();
    client.setQueryData(machinesQueryOptions().queryKey, [machine(1), machine(2)]);
    const brand = { id: 1, name: 'Aurora', image: '', machineCount: 2, jackpot: '' };
    client.setQueryData<BrandMachines>(brandMachinesQueryOptions(1).queryKey, { brand, machines: [machine(1)] });

    applyMachinePush(client, { id: 1, status: 'playing', reservation: { playerId: 3, until: null } });

    const all = client.getQueryData(machinesQueryOptions().queryKey);
    expect(all?.map((m) => m.status)).toEqual(['playing', 'idle']);
    expect(all?.[0]?.reservation).toEqual({ playerId: 3, until: null });
    expect(client.getQueryData(brandMachinesQueryOptions(1).queryKey)?.machines[0]?.status).toBe('playing');
  });

  it('does nothing for an unknown machine or an empty cache', () => {
    const client = new QueryClient();
    applyMachinePush(client, { id: 9, status: 'offline', reservation: null });
    expect(client.getQueryData(machinesQueryOptions().queryKey)).toBeUndefined();
    const list = [machine(1)];
    client.setQueryData(machinesQueryOptions().queryKey, list);
    applyMachinePush(client, { id: 9, status: 'offline', reservation: null });
    expect(client.getQueryData(machinesQueryOptions().queryKey)).toBe(list);
  });
});

describe('parseJackpots', () => {
  it('splits the comma-separated jackpot string', () => {
    expect(parseJackpots('1250.50, 640.00,,125.75')).toEqual(['1250.50', '640.00', '125.75']);
    expect(parseJackpots('')).toEqual([]);
  });
});
