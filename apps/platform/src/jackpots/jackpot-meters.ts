import { asc, eq, sql } from 'drizzle-orm';
import { InternalActionCode, type Brand, type BrandMachines } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { jackpotHits, jackpotMeters } from '../db/schema.ts';
import type { MachineRegistry } from '../machines/index.ts';
import { invalidRequest, notFound } from '../shared/index.ts';
import { jackpotAccount, JACKPOTS_ACCOUNT, type Ledger, type TransferRequest } from '../wallet/index.ts';
import type { JackpotPushes } from './jackpot-pushes.ts';
import {
  defaultBasisPoints,
  defaultCeiling,
  drawTrigger,
  jackpotString,
  METER_MAX,
  parseJackpotString,
  tierName,
} from './jackpot-rules.ts';

export type MeterRow = typeof jackpotMeters.$inferSelect;

/** A meter as the operator's CLI lists it (never its trigger). Amounts in minor units. */
export interface MeterView {
  id: number;
  brandId: number;
  brand: string;
  tier: number;
  name: string;
  value: number;
  seed: number;
  ceiling: number;
  contributionBasisPoints: number;
  hits: number;
  paid: number;
}

export interface MeterChanges {
  seed?: number;
  ceiling?: number;
  contributionBasisPoints?: number;
}

/**
 * The brands' linked jackpot meters (docs/jackpots.md): made from each brand's jackpot string, their
 * seeds funded through the ledger, listed and re-configured by the operator, and shown as the brands'
 * live jackpot strings.
 */
export class JackpotMeters {
  readonly #db: Db;
  readonly #ledger: Ledger;
  readonly #machines: MachineRegistry;
  readonly #pushes: JackpotPushes;

  constructor(deps: { db: Db; ledger: Ledger; machines: MachineRegistry; pushes: JackpotPushes }) {
    this.#db = deps.db;
    this.#ledger = deps.ledger;
    this.#machines = deps.machines;
    this.#pushes = deps.pushes;
  }

  /**
   * Gives every brand that has no meters one per value of its jackpot string, each seeded from
   * `system:jackpots`, meters and seeds in one transaction. Safe to run again and from several
   * instances at once (one meter per brand and tier; the seed's key is the meter's). Answers how many
   * meters it made; a brand whose string is empty or not a list of amounts gets none.
   */
  async ensureMeters(): Promise<number> {
    await this.#ledger.ensureAccount(JACKPOTS_ACCOUNT, { allowNegative: true });
    const having = new Set((await this.#db.selectDistinct({ brandId: jackpotMeters.brandId }).from(jackpotMeters)).map((r) => r.brandId));
    let made = 0;
    for (const brand of await this.#machines.brands()) {
      const seeds = having.has(brand.id) ? null : parseJackpotString(brand.jackpot);
      if (!seeds?.length) continue;
      const results = await this.#ledger.transferLinked(async (tx) => {
        const rows = await tx
          .insert(jackpotMeters)
          .values(
            seeds.map((seed, tier) => {
              const ceiling = defaultCeiling(seed);
              return {
                brandId: brand.id,
                tier,
                name: tierName(tier),
                seed,
                ceiling,
                contributionBasisPoints: defaultBasisPoints(tier),
                value: seed,
                triggerAt: drawTrigger(seed, ceiling),
              };
            }),
          )
          .onConflictDoNothing()
          .returning();
        for (const row of rows) await this.#ledger.ensureAccount(jackpotAccount(row.id), {}, tx);
        return { requests: rows.map((row) => seedRequest(row, `jackpot:${row.id}:seed`, row.seed, `${brand.name} ${row.name}`)) };
      });
      made += results.filter((r) => !r.replayed).length;
    }
    return made;
  }

  async list(): Promise<MeterView[]> {
    const names = new Map((await this.#machines.brands()).map((b) => [b.id, b.name]));
    const rows = await this.#db
      .select({
        meter: jackpotMeters,
        paid: sql<string>`coalesce((select sum(${jackpotHits.amount}) from ${jackpotHits} where ${jackpotHits.meterId} = ${jackpotMeters.id}), 0)::text`,
      })
      .from(jackpotMeters)
      .orderBy(asc(jackpotMeters.brandId), asc(jackpotMeters.tier));
    return rows.map(({ meter, paid }) => ({
      id: meter.id,
      brandId: meter.brandId,
      brand: names.get(meter.brandId) ?? '',
      tier: meter.tier,
      name: meter.name,
      value: Number(meter.value),
      seed: Number(meter.seed),
      ceiling: Number(meter.ceiling),
      contributionBasisPoints: meter.contributionBasisPoints,
      hits: meter.hits,
      paid: Number(paid),
    }));
  }

  /**
   * The operator changes a meter's seed, ceiling or rate. The rate counts from the next bets. A new
   * seed or ceiling draws a new trigger in the new bounds (the meter hits at the next seated report if
   * it is already there); a value below a new seed is topped up to it from `system:jackpots`.
   */
  async configure(meterId: number, changes: MeterChanges): Promise<MeterView> {
    let brandId = 0;
    await this.#ledger.transferLinked(async (tx) => {
      const [meter] = await tx.select().from(jackpotMeters).where(eq(jackpotMeters.id, meterId)).for('update');
      if (!meter) throw notFound('Jackpot meter not found.');
      brandId = meter.brandId;
      const seed = changes.seed === undefined ? meter.seed : BigInt(changes.seed);
      const ceiling = changes.ceiling === undefined ? meter.ceiling : BigInt(changes.ceiling);
      const basisPoints = changes.contributionBasisPoints ?? meter.contributionBasisPoints;
      if (seed <= 0n) throw invalidRequest('The seed must be more than zero.');
      if (ceiling < seed || ceiling > METER_MAX)
        throw invalidRequest(`The ceiling must be between the seed and ${jackpotString([METER_MAX])}.`);
      if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000)
        throw invalidRequest('The contribution is 0 to 10000 basis points (0 % to 100 %).');
      const topUp = seed > meter.value ? seed - meter.value : 0n;
      const moved = seed !== meter.seed || ceiling !== meter.ceiling;
      await tx
        .update(jackpotMeters)
        .set({
          seed,
          ceiling,
          contributionBasisPoints: basisPoints,
          value: meter.value + topUp,
          triggerAt: moved ? drawTrigger(seed, ceiling) : meter.triggerAt,
          updatedAt: new Date(),
        })
        .where(eq(jackpotMeters.id, meterId));
      const key = `jackpot:${meter.id}:${meter.hits}:top-up:${meter.value}`;
      return { requests: topUp > 0n ? [seedRequest(meter, key, topUp, `${meter.name} top-up to the new seed`)] : [] };
    });
    this.#pushes.changed(brandId);
    const view = (await this.list()).find((m) => m.id === meterId);
    if (!view) throw notFound('Jackpot meter not found.');
    return view;
  }

  /** Each brand's live jackpot string (SPEC §3 form), for the brands that have meters. */
  async liveStrings(brandId?: number): Promise<Map<number, string>> {
    const rows = await this.#db
      .select({ brandId: jackpotMeters.brandId, value: jackpotMeters.value })
      .from(jackpotMeters)
      .where(brandId === undefined ? undefined : eq(jackpotMeters.brandId, brandId))
      .orderBy(asc(jackpotMeters.brandId), asc(jackpotMeters.tier));
    const values = new Map<number, bigint[]>();
    for (const row of rows) values.set(row.brandId, [...(values.get(row.brandId) ?? []), row.value]);
    return new Map([...values].map(([id, list]) => [id, jackpotString(list)]));
  }

  /** Brands as the lobby lists them, their jackpot string made of the meters' live values. */
  async withLiveJackpots(brands: Brand[]): Promise<Brand[]> {
    const live = await this.liveStrings();
    return brands.map((brand) => ({ ...brand, jackpot: live.get(brand.id) ?? brand.jackpot }));
  }

  async brandWithLiveJackpot(display: BrandMachines): Promise<BrandMachines> {
    const live = await this.liveStrings(display.brand.id);
    return { ...display, brand: { ...display.brand, jackpot: live.get(display.brand.id) ?? display.brand.jackpot } };
  }
}

function seedRequest(meter: MeterRow, idempotencyKey: string, amount: bigint, what: string): TransferRequest {
  return {
    idempotencyKey,
    action: InternalActionCode.JackpotSeed,
    from: JACKPOTS_ACCOUNT,
    to: jackpotAccount(meter.id),
    amount: Number(amount),
    memo: `jackpot seed, ${what}`,
  };
}
