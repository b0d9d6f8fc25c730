import { asc, eq } from 'drizzle-orm';
import { ActionCode, InternalActionCode, type PlayCountersAnswer, type PlayCountersReport } from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import { jackpotHits, jackpotMeters, machinePlayCounters } from '../db/schema.ts';
import type { MachineRegistry } from '../machines/index.ts';
import { jackpotAccount, JACKPOTS_ACCOUNT, machineAccount, walletAccount, type Ledger, type TransferRequest } from '../wallet/index.ts';
import type { MeterRow } from './jackpot-meters.ts';
import type { JackpotPushes } from './jackpot-pushes.ts';
import { contribute, drawTrigger } from './jackpot-rules.ts';

/** The machine's seat, read in the report's transaction (MachinePlay.openSlotSessionOf). */
export type OpenSeat = (machineId: number, db: Db) => Promise<{ id: string; playerId: number } | undefined>;

interface Hit {
  meter: MeterRow;
  seq: number;
  amount: bigint;
  /** Index of its payment among the report's transfers. */
  payment: number;
}

/**
 * The machine agents' play counters (docs/jackpots.md): each report is cumulative, so only the bets
 * since the last one feed the brand's meters. Counters, contributions (with their carried fractions),
 * hits, payments and reseeds of one report commit in one transaction, or none of it does; the
 * machine's counters row is locked first, so repeated and concurrent reports of a machine take turns
 * and each bet counts once.
 */
export class PlayCounters {
  readonly #ledger: Ledger;
  readonly #machines: MachineRegistry;
  readonly #openSeat: OpenSeat;
  readonly #pushes: JackpotPushes;

  constructor(deps: { ledger: Ledger; machines: MachineRegistry; openSeat: OpenSeat; pushes: JackpotPushes }) {
    this.#ledger = deps.ledger;
    this.#machines = deps.machines;
    this.#openSeat = deps.openSeat;
    this.#pushes = deps.pushes;
  }

  /**
   * One report of a machine's counters. `receivedAt` (the platform's clock when the request came in)
   * tells a report overtaken by a later one from an engine that started again (see #newBets).
   */
  async report(machineId: number, report: PlayCountersReport, receivedAt = new Date()): Promise<PlayCountersAnswer> {
    const machine = await this.#machines.byId(machineId);
    await this.#ledger.ensureAccount(machineAccount(machineId), { allowNegative: true });
    let contributed = 0n;
    let hits: Hit[] = [];
    let winner: { id: string; playerId: number } | undefined;
    await this.#ledger.transferLinked(async (tx) => {
      contributed = 0n;
      hits = [];
      const bets = await newBets(tx, machineId, report, receivedAt);
      const meters = await tx
        .select()
        .from(jackpotMeters)
        .where(eq(jackpotMeters.brandId, machine.brandId))
        .orderBy(asc(jackpotMeters.id))
        .for('update');
      const seat = report.sessionId === null ? undefined : await this.#openSeat(machineId, tx);
      const seated = seat?.id === report.sessionId ? seat : undefined;
      winner = seated;
      const requests: TransferRequest[] = [];
      for (const meter of meters.sort((a, b) => a.tier - b.tier)) {
        const { add, carry } = contribute(meter, bets);
        const value = meter.value + add;
        if (add > 0n) {
          requests.push({
            idempotencyKey: `jackpot:${meter.id}:${meter.hits}:contribution:${meter.value}`,
            action: InternalActionCode.JackpotContribution,
            from: machineAccount(machineId),
            to: jackpotAccount(meter.id),
            amount: Number(add),
            memo: `jackpot contribution, machine ${machineId}`,
          });
          contributed += add;
        }
        const next: Partial<MeterRow> = { value, carry };
        // It hits once it has grown to its trigger: a meter still at its seed has taken no bet since its reset.
        const hit = seated !== undefined && value >= meter.triggerAt && value > meter.seed;
        if (seated && hit) {
          const seq = meter.hits + 1;
          hits.push({ meter, seq, amount: value, payment: requests.length });
          requests.push(
            {
              idempotencyKey: `jackpot:${meter.id}:hit:${seq}`,
              action: ActionCode.Jackpot,
              from: jackpotAccount(meter.id),
              to: walletAccount(seated.playerId),
              amount: Number(value),
              memo: `${machine.brand} ${meter.name} jackpot, ${machine.name}`,
            },
            {
              idempotencyKey: `jackpot:${meter.id}:reseed:${seq}`,
              action: InternalActionCode.JackpotSeed,
              from: JACKPOTS_ACCOUNT,
              to: jackpotAccount(meter.id),
              amount: Number(meter.seed),
              memo: `jackpot seed, ${machine.brand} ${meter.name} after hit ${seq}`,
            },
          );
          Object.assign(next, { value: meter.seed, triggerAt: drawTrigger(meter.seed, meter.ceiling), hits: seq });
        }
        if (add > 0n || carry !== meter.carry || hit)
          await tx
            .update(jackpotMeters)
            .set({ ...next, updatedAt: new Date() })
            .where(eq(jackpotMeters.id, meter.id));
      }
      const recordHits = async (alongside: Db, results: { transferId: string }[]) => {
        if (!hits.length || !winner) return;
        const { id: sessionId, playerId } = winner;
        await alongside.insert(jackpotHits).values(
          hits.map((hit) => ({
            meterId: hit.meter.id,
            seq: hit.seq,
            amount: hit.amount,
            machineId,
            playerId,
            sessionId,
            transferId: results[hit.payment]!.transferId,
          })),
        );
      };
      return { requests, alongside: recordHits };
    });
    if (contributed > 0n || hits.length) this.#pushes.changed(machine.brandId);
    for (const hit of hits) {
      void this.#pushes.won({
        brandId: machine.brandId,
        brand: machine.brand,
        tier: hit.meter.tier,
        name: hit.meter.name,
        amount: Number(hit.amount),
        machineId,
        machine: machine.name,
        winnerId: winner!.playerId,
      });
    }
    return {
      contributed: Number(contributed),
      hits: hits.map((hit) => ({ tier: hit.meter.tier, name: hit.meter.name, amount: Number(hit.amount) })),
    };
  }
}

/**
 * The bets a report adds, with the machine's counters row locked for the rest of the transaction.
 * The same counters: nothing. A report that came in before the one that set the stored counters was
 * overtaken (e.g. a request the agent gave up on that still ran later): it is older news, nothing.
 * Counters that grew: the difference. Counters that went back: the machine's engine started again from
 * zero (its state was reset): a new start, all of its totalBet is new. A machine's first report starts
 * from zero.
 */
async function newBets(tx: Db, machineId: number, report: PlayCountersReport, receivedAt: Date): Promise<bigint> {
  await tx
    .insert(machinePlayCounters)
    .values({ machineId, spins: 0, totalBet: 0n, updatedAt: new Date(0) })
    .onConflictDoNothing();
  const [last] = await tx.select().from(machinePlayCounters).where(eq(machinePlayCounters.machineId, machineId)).for('update');
  const totalBet = BigInt(report.totalBet);
  if (report.spins === last!.spins && totalBet === last!.totalBet) return 0n;
  if (receivedAt < last!.updatedAt) return 0n;
  const grew = report.spins >= last!.spins && totalBet >= last!.totalBet;
  await tx
    .update(machinePlayCounters)
    .set({ spins: report.spins, totalBet, updatedAt: receivedAt })
    .where(eq(machinePlayCounters.machineId, machineId));
  return grew ? totalBet - last!.totalBet : totalBet;
}
