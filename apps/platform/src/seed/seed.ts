import type { MachineRegistry } from '../machines/index.ts';
import type { PlayersService } from '../players/index.ts';
import type { Ledger } from '../wallet/index.ts';
import { brandsToSeed, DEMO_DEPOSIT_MINOR, demoPlayers, demoStaff, machineImage } from './demo-data.ts';

export interface SeedReport {
  playersCreated: string[];
  brandsCreated: number;
  machinesCreated: number;
}

/**
 * Seeds the demo players (each with a 1,000.00 TRY deposit in the ledger), the admin and staff
 * accounts, brands and machines.
 * Safe to run again: what exists is left alone, and the deposits carry fixed idempotency keys.
 */
export async function seedDemoData(machines: MachineRegistry, players: PlayersService, ledger: Ledger): Promise<SeedReport> {
  const report: SeedReport = { playersCreated: [], brandsCreated: 0, machinesCreated: 0 };
  for (const demo of demoPlayers) {
    let player = await players.findByLogin(demo.username);
    if (!player) {
      player = await players.create(demo);
      report.playersCreated.push(demo.username);
    }
    await ledger.deposit({
      playerId: player.id,
      idempotencyKey: `seed:deposit:${demo.username}`,
      amount: DEMO_DEPOSIT_MINOR,
      memo: 'demo deposit',
    });
  }

  for (const member of demoStaff) {
    if (await players.findByLogin(member.username)) continue;
    await players.create(member);
    report.playersCreated.push(member.username);
  }

  const added = await machines.addCatalogue(
    brandsToSeed.map((brand) => ({
      name: brand.name,
      jackpot: brand.jackpot,
      image: `/assets/machines/${brand.name.toLowerCase()}.png`,
      machines: brand.machines.map((name) => ({ name, image: machineImage(name) })),
    })),
  );
  return { ...report, brandsCreated: added.brands, machinesCreated: added.machines };
}
