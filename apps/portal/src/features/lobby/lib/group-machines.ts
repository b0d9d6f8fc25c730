import type { Brand, Machine } from '@reelcast/protocol';

export type BrandGroup = { brand: Brand; machines: Machine[] };

/** Machines grouped by brand, in the brands' order; machines of unlisted brands get a group of their own. */
export function groupMachinesByBrand(brands: Brand[], machines: Machine[]): BrandGroup[] {
  const groups = new Map<number, BrandGroup>(brands.map((brand) => [brand.id, { brand, machines: [] }]));
  for (const machine of machines) {
    let group = groups.get(machine.brandId);
    if (!group) {
      group = { brand: { id: machine.brandId, name: machine.brand, image: '', machineCount: 0, jackpot: '' }, machines: [] };
      groups.set(machine.brandId, group);
    }
    group.machines.push(machine);
  }
  return [...groups.values()].filter((group) => group.machines.length > 0 || group.brand.machineCount > 0);
}
