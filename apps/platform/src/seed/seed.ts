import { sql } from 'drizzle-orm';
import { ActionCode } from '@reelcast/protocol';
import type { Db } from '../db/client.ts';
import { brands, machines } from '../db/schema.ts';
import type { PlayersService } from '../players/players-service.ts';
import { CASHIER_ACCOUNT, walletAccount, type Ledger } from '../wallet/ledger.ts';
import { brandsToSeed, DEMO_DEPOSIT_MINOR, demoPlayers, machineImage } from './demo-data.ts';

export interface SeedReport {
  playersCreated: string[];
  brandsCreated: number;
  machinesCreated: number;
}

/**
 * Seeds the demo players (each with a 1,000.00 TRY deposit in the ledger), brands and machines.
 * Safe to run again: what exists is left alone, and the deposits carry fixed idempotency keys.
 */
export async function seedDemoData(db: Db, players: PlayersService, ledger: Ledger): Promise<SeedReport> {
  const report: SeedReport = { playersCreated: [], brandsCreated: 0, machinesCreated: 0 };
  for (const demo of demoPlayers) {
    let player = await players.findByLogin(demo.username);
    if (!player) {
      player = await players.create(demo);
      report.playersCreated.push(demo.username);
    }
    await ledger.transfer({
      idempotencyKey: `seed:deposit:${demo.username}`,
      action: ActionCode.Deposit,
      from: CASHIER_ACCOUNT,
      to: walletAccount(player.id),
      amount: DEMO_DEPOSIT_MINOR,
      memo: 'demo deposit',
    });
  }

  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(brands);
  if (Number(count) > 0) return report;
  for (const [brandIndex, seed] of brandsToSeed.entries()) {
    const [brand] = await db
      .insert(brands)
      .values({ name: seed.name, jackpot: seed.jackpot, image: `/assets/machines/${seed.name.toLowerCase()}.png`, sort: brandIndex })
      .returning();
    report.brandsCreated++;
    await db.insert(machines).values(
      seed.machines.map((name, i) => ({ brandId: brand!.id, name, image: machineImage(name), status: 'idle', sort: i })),
    );
    report.machinesCreated += seed.machines.length;
  }
  return report;
}
