import { sql } from 'drizzle-orm';
import {
  ActionCode,
  emptyReportFigures,
  InternalActionCode,
  type LedgerCheck,
  type ReportAnswer,
  type ReportFigures,
  type ReportQuery,
  type ReportRow,
} from '@reelcast/protocol';
import type { Db } from '../db/index.ts';
import type { Clock } from '../shared/index.ts';
import { machineAccountSql, type Ledger } from '../wallet/index.ts';

export interface ReportSources {
  db: Db;
  ledger: Pick<Ledger, 'verify'>;
  clock: Clock;
  /** REPORT_TIME_ZONE: whose midnights bound the days. */
  timeZone: string;
}

/** The figures of one day and machine, as the query adds them up (minor units as text: bigint sums). */
interface CellRow {
  day: string;
  machine_id: number;
  machine: string;
  brand_id: number;
  brand: string;
  spins: string;
  bets: string;
  wins: string;
  cash_in: string;
  cash_out: string;
  contributions: string;
  jackpots: string;
  hand_pays: string;
  hand_pay_count: string;
  sessions: string;
  play_seconds: string;
}

/**
 * The console's daily reports (docs/console.md "Reports"). One query adds up every day and machine of
 * the span from the slot sessions, the ledger's transfers on machine accounts and the brand jackpot
 * hits; the rows of a grouping are sums of those cells.
 */
export class Reports {
  readonly #s: ReportSources;

  constructor(sources: ReportSources) {
    this.#s = sources;
  }

  async report(query: ReportQuery): Promise<ReportAnswer> {
    const [cells, ledger] = await Promise.all([this.#cells(query), this.ledgerCheck()]);
    const rows = new Map<string, ReportRow>();
    const totals = emptyReportFigures();
    for (const cell of cells) {
      const key = keyOf(query.groupBy, cell);
      let row = rows.get(key.id);
      if (!row) rows.set(key.id, (row = { ...key.row, ...emptyReportFigures() }));
      add(row, cell);
      add(totals, cell);
    }
    return {
      from: query.from,
      to: query.to,
      groupBy: query.groupBy,
      timeZone: this.#s.timeZone,
      rows: [...rows.values()],
      totals,
      ledger,
    };
  }

  /** `reelcast ledger verify`, with its verdict. */
  async ledgerCheck(): Promise<LedgerCheck> {
    const report = await this.#s.ledger.verify();
    const reconciles = !report.differences.length && !report.unbalancedTransfers.length && report.total === '0';
    return { reconciles, ...report };
  }

  /**
   * Per day and machine: the sessions that ended that day (their spins, bets and wins: the machine
   * reports them at the close), the sessions that began that day (how many, and how long: an open one up
   * to now), the ledger's movements on the machine's account that day, and the brand jackpots hit there.
   */
  async #cells({ from, to, groupBy }: ReportQuery): Promise<CellRow[]> {
    const { db, timeZone, clock } = this.#s;
    const order = groupBy.startsWith('day') ? sql`c.day, b.sort, b.id, m.sort, m.id` : sql`b.sort, b.id, m.sort, m.id, c.day`;
    const zone = sql`${timeZone}::text`;
    const start = sql`(${from}::date::timestamp at time zone ${zone})`;
    const stop = sql`((${to}::date + 1)::timestamp at time zone ${zone})`;
    const dayOf = (at: unknown) => sql`to_char(${at} at time zone ${zone}, 'YYYY-MM-DD')`;
    const within = (at: unknown) => sql`${at} >= ${start} and ${at} < ${stop}`;
    const now = sql`${clock().toISOString()}::timestamptz`;
    const out = (action: number) => sql`case when t.action = ${action} and t.from_account_id = a.id then t.amount else 0 end`;
    // Both drivers answer raw SQL with `{ rows }`; the Db type, made for either, leaves its shape open.
    const answer: unknown = await db.execute(sql`
      select c.day, m.id as machine_id, m.name as machine, b.id as brand_id, b.name as brand,
        sum(c.spins)::text as spins, sum(c.bets)::text as bets, sum(c.wins)::text as wins,
        sum(c.cash_in)::text as cash_in, sum(c.cash_out)::text as cash_out,
        sum(c.contributions)::text as contributions, sum(c.jackpots)::text as jackpots,
        sum(c.hand_pays)::text as hand_pays, sum(c.hand_pay_count)::text as hand_pay_count,
        sum(c.sessions)::text as sessions, round(sum(c.play_seconds))::text as play_seconds
      from (
        select ${dayOf(sql`s.ended_at`)} as day, s.machine_id, s.spins::bigint as spins, s.total_bet as bets, s.total_won as wins,
          0::bigint as cash_in, 0::bigint as cash_out, 0::bigint as contributions, 0::bigint as jackpots,
          0::bigint as hand_pays, 0::bigint as hand_pay_count, 0::bigint as sessions, 0::numeric as play_seconds
        from slot_sessions s
        where ${within(sql`s.ended_at`)}
        union all
        select ${dayOf(sql`s.started_at`)}, s.machine_id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
          extract(epoch from (coalesce(s.ended_at, ${now}) - s.started_at))
        from slot_sessions s
        where ${within(sql`s.started_at`)}
        union all
        select ${dayOf(sql`t.created_at`)}, m.id, 0, 0, 0,
          case when t.action = ${ActionCode.CashIn} and t.to_account_id = a.id then t.amount else 0 end,
          ${out(ActionCode.CashOut)} + ${out(ActionCode.WeeklyBonus)},
          ${out(InternalActionCode.JackpotContribution)},
          ${out(ActionCode.Jackpot)},
          ${out(ActionCode.HandPay)},
          case when t.action = ${ActionCode.HandPay} and t.from_account_id = a.id then 1 else 0 end,
          0, 0
        from transfers t
        join accounts a on a.id in (t.from_account_id, t.to_account_id)
        join machines m on a.code = ${machineAccountSql(sql`m.id`)}
        where ${within(sql`t.created_at`)}
          and t.action in (${ActionCode.CashIn}, ${ActionCode.CashOut}, ${ActionCode.WeeklyBonus}, ${ActionCode.HandPay},
            ${ActionCode.Jackpot}, ${InternalActionCode.JackpotContribution})
        union all
        select ${dayOf(sql`h.created_at`)}, h.machine_id, 0, 0, 0, 0, 0, 0, h.amount, 0, 0, 0, 0
        from jackpot_hits h
        where ${within(sql`h.created_at`)}
      ) c
      join machines m on m.id = c.machine_id
      join brands b on b.id = m.brand_id
      group by c.day, m.id, m.name, b.id, b.name, b.sort, m.sort
      order by ${order}`);
    const { rows } = answer as { rows: CellRow[] };
    return rows;
  }
}

function keyOf(groupBy: ReportQuery['groupBy'], cell: CellRow): { id: string; row: Omit<ReportRow, keyof ReportFigures> } {
  const brand = { brandId: cell.brand_id, brand: cell.brand };
  const machine = { machineId: cell.machine_id, machine: cell.machine };
  const none = { day: null, brandId: null, brand: null, machineId: null, machine: null };
  switch (groupBy) {
    case 'day':
      return { id: cell.day, row: { ...none, day: cell.day } };
    case 'brand':
      return { id: String(cell.brand_id), row: { ...none, ...brand } };
    case 'machine':
      return { id: String(cell.machine_id), row: { ...none, ...brand, ...machine } };
    case 'day-machine':
      return { id: `${cell.day} ${cell.machine_id}`, row: { day: cell.day, ...brand, ...machine } };
  }
}

function add(figures: ReportFigures, cell: CellRow): void {
  const n = (text: string) => Number(text);
  figures.spins += n(cell.spins);
  figures.bets += n(cell.bets);
  figures.wins += n(cell.wins);
  figures.grossGamingRevenue += n(cell.bets) - n(cell.wins);
  figures.cashIn += n(cell.cash_in);
  figures.cashOut += n(cell.cash_out);
  figures.jackpotContributions += n(cell.contributions);
  figures.jackpotPayouts += n(cell.jackpots);
  figures.handPays += n(cell.hand_pays);
  figures.handPayCount += n(cell.hand_pay_count);
  figures.sessions += n(cell.sessions);
  figures.playSeconds += n(cell.play_seconds);
}
