import { and, desc, eq, gt, inArray, lte } from 'drizzle-orm';
import {
  AuditType,
  formatMinor,
  LIMIT_COOLING_OFF_HOURS,
  limitKeys,
  limitPeriods,
  type Exclusion,
  type ExclusionKind,
  type ExclusionRequest,
  type LimitKey,
  type LimitPeriod,
  type LimitsChangeRequest,
  type ProtectionStatus,
  type RealityCheckAnswerRequest,
  type SeatProtection,
  ProtectionCode,
} from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import type { Db } from '../db/index.ts';
import { protectionExclusions, protectionLimits } from '../db/schema.ts';
import type { SettingsFile } from '../settings/index.ts';
import { type Clock, DomainError } from '../shared/index.ts';
import { lockWallet, playMoneySince, type PlayMoney } from '../wallet/index.ts';
import { breachOf, isStricter, moneyLimitKeys, periodWords } from './limits.ts';
import { periodBounds } from './periods.ts';

const REALITY_CHECK_KEY = 'realityCheckMinutes';
const COOLING_OFF_MS = LIMIT_COOLING_OFF_HOURS * 3_600_000;
const moneyKeys = limitPeriods.flatMap((period) => [moneyLimitKeys.cashIn[period], moneyLimitKeys.loss[period]]);

/** Who is acting, for the audit log. */
export interface Actor {
  id: number;
  username: string;
  ip: string;
}

/** What ends every session of an excluded player (auth's Revocations, the path a ban takes). */
export interface ExclusionRevocations {
  banned(playerId: number): Promise<void>;
}

/** Where a change of the limits in force goes: the agents of the player's seats (machines/ gives it). */
export interface SeatsOfPlayer {
  /** Never rejects: the change has been saved and stands whether or not the seats heard of it. */
  limitsChanged(playerId: number): Promise<void>;
}

/** Who the players are, by id (players/ answers it: PlayersService). */
export interface ProtectionPeople {
  byIds(ids: readonly number[]): Promise<{ id: number; username: string }[]>;
}

export interface ExclusionListing extends Exclusion {
  playerId: number;
  username: string;
}

type LimitRow = typeof protectionLimits.$inferSelect;

/**
 * Player protection (docs/player-protection.md): the limits a player sets on themselves with their
 * cooling-off, the figures they count from the ledger in the operator's calendar periods, the check
 * made where money moves into play, the reality check's interval and answers, time-outs and
 * self-exclusion.
 */
export class ProtectionService {
  readonly #db: Db;
  readonly #audit: AuditLog;
  readonly #settings: SettingsFile;
  readonly #now: Clock;
  readonly #revocations: ExclusionRevocations;
  readonly #people: ProtectionPeople;
  readonly #seats: SeatsOfPlayer;

  constructor(deps: {
    db: Db;
    audit: AuditLog;
    settings: SettingsFile;
    clock: Clock;
    revocations: ExclusionRevocations;
    people: ProtectionPeople;
    seats?: SeatsOfPlayer;
  }) {
    this.#db = deps.db;
    this.#audit = deps.audit;
    this.#settings = deps.settings;
    this.#now = deps.clock;
    this.#revocations = deps.revocations;
    this.#people = deps.people;
    this.#seats = deps.seats ?? { limitsChanged: async () => {} };
  }

  async limitsMandatory(): Promise<boolean> {
    return (await this.#settings.read()).playerProtection.limitsMandatory;
  }

  async status(playerId: number): Promise<ProtectionStatus> {
    const { playerProtection } = await this.#settings.read();
    const now = this.#now();
    const rows = await this.#rows(playerId);
    const starts = this.#periodStarts(now, playerProtection.timeZone);
    const used = await playMoneySince(this.#db, playerId, starts);
    const figure = (pick: (money: PlayMoney) => number) =>
      Object.fromEntries(limitPeriods.map((period) => [period, pick(used[period])])) as Record<LimitPeriod, number>;
    return {
      limits: limitKeys.map((key) => {
        const row = rows.find((r) => r.key === key);
        return {
          key,
          value: row?.value ?? null,
          pending:
            row?.hasPending && row.pendingSince
              ? {
                  value: row.pendingValue,
                  requestedAt: row.pendingSince.toISOString(),
                  confirmableAt: new Date(row.pendingSince.getTime() + COOLING_OFF_MS).toISOString(),
                }
              : null,
        };
      }),
      realityCheckMinutes: rows.find((r) => r.key === REALITY_CHECK_KEY)?.value ?? playerProtection.realityCheckMinutes,
      cashIn: figure((money) => money.cashIn),
      loss: figure((money) => money.cashIn - money.paidBack),
      periodStarts: {
        day: starts.day.toISOString(),
        week: starts.week.toISOString(),
        month: starts.month.toISOString(),
      },
      timeZone: playerProtection.timeZone,
      limitsMandatory: playerProtection.limitsMandatory,
    };
  }

  /**
   * Sets limits: a stricter value (a new limit, or a lower one) applies at once and drops a looser one
   * waiting; a looser one (higher, or none) waits for the cooling-off and the player's confirmation.
   */
  async changeLimits(actor: Actor, { limits }: LimitsChangeRequest, db: Db = this.#db): Promise<void> {
    const now = this.#now();
    const rows = await this.#rows(actor.id, db);
    const changes: Record<string, unknown>[] = [];
    for (const key of limitKeys) {
      const next = limits[key];
      if (next === undefined) continue;
      const current = rows.find((r) => r.key === key)?.value ?? null;
      if (next === current) {
        await this.#write(db, actor.id, key, { value: current, hasPending: false, pendingValue: null, pendingSince: null }, now);
        changes.push({ key, from: current, to: next, applies: 'unchanged' });
      } else if (isStricter(current, next)) {
        await this.#write(db, actor.id, key, { value: next, hasPending: false, pendingValue: null, pendingSince: null }, now);
        changes.push({ key, from: current, to: next, applies: 'now' });
      } else {
        await this.#write(db, actor.id, key, { value: current, hasPending: true, pendingValue: next, pendingSince: now }, now);
        changes.push({ key, from: current, to: next, applies: 'after cooling-off and confirmation' });
      }
    }
    if (changes.length) await this.#record(actor, AuditType.LimitChanged, { changes }, now, db);
    // A stricter limit applies at once, to a seat in play too (an account opening in the registration's
    // transaction holds no seat, and its seats are not read outside that transaction).
    if (db === this.#db && changes.some((change) => change.applies === 'now')) await this.#seats.limitsChanged(actor.id);
  }

  /** The player confirms a looser limit once its cooling-off has passed (40942 before, 40943 with nothing waiting). */
  async confirmLimit(actor: Actor, key: LimitKey): Promise<void> {
    const now = this.#now();
    const row = (await this.#rows(actor.id)).find((r) => r.key === key);
    if (!row?.hasPending || !row.pendingSince) throw new DomainError(ProtectionCode.NothingToConfirm);
    const left = row.pendingSince.getTime() + COOLING_OFF_MS - now.getTime();
    if (left > 0) throw new DomainError(ProtectionCode.LimitCoolingOff, { hours: Math.ceil(left / 3_600_000) });
    await this.#write(this.#db, actor.id, key, { value: row.pendingValue, hasPending: false, pendingValue: null, pendingSince: null }, now);
    await this.#record(
      actor,
      AuditType.LimitChanged,
      { changes: [{ key, from: row.value, to: row.pendingValue, applies: 'confirmed' }] },
      now,
    );
    await this.#seats.limitsChanged(actor.id);
  }

  async setRealityCheck(actor: Actor, minutes: number): Promise<void> {
    const now = this.#now();
    await this.#write(
      this.#db,
      actor.id,
      REALITY_CHECK_KEY,
      { value: minutes, hasPending: false, pendingValue: null, pendingSince: null },
      now,
    );
    await this.#record(actor, AuditType.LimitChanged, { changes: [{ key: REALITY_CHECK_KEY, to: minutes, applies: 'now' }] }, now);
    await this.#seats.limitsChanged(actor.id);
  }

  async answerRealityCheck(actor: Actor, answer: RealityCheckAnswerRequest): Promise<void> {
    await this.#record(actor, AuditType.RealityCheck, { ...answer }, this.#now());
  }

  /**
   * The check where money moves into play, in the movement's transaction: the wallet is locked first
   * (as the movement itself locks it), so concurrent cash-ins of the player, on any instance, are
   * checked one after the other against the ledger as the previous ones left it.
   */
  async checkCashIn(tx: Db, playerId: number, amount: number): Promise<void> {
    await lockWallet(tx, playerId);
    const rows = await tx
      .select()
      .from(protectionLimits)
      .where(and(eq(protectionLimits.playerId, playerId), inArray(protectionLimits.key, moneyKeys)));
    const limits = Object.fromEntries(rows.map((row) => [row.key, row.value])) as Partial<Record<LimitKey, number | null>>;
    if (!rows.some((row) => row.value !== null)) return;
    const { playerProtection } = await this.#settings.read();
    const used = await playMoneySince(tx, playerId, this.#periodStarts(this.#now(), playerProtection.timeZone));
    const breach = breachOf(limits, used, amount);
    if (!breach) return;
    throw new DomainError(breach.kind === 'cashIn' ? ProtectionCode.CashInLimitReached : ProtectionCode.LossLimitReached, {
      period: periodWords[breach.period],
      limit: breach.limit,
      remaining: breach.remaining,
    });
  }

  /**
   * The limits a seat keeps during play (the agent enforces them): when play must stop (the session
   * limit from the seat's start, the daily play-time limit from what was played today), how much more
   * may go into play before a loss limit, and the reality check's interval. A new seat is refused
   * (40944) once play time is up.
   */
  async seatProtection(
    playerId: number,
    seat: { sessionStartedAt: Date; refuseWhenUp: boolean; playedSince: (since: Date) => Promise<number> },
  ): Promise<SeatProtection> {
    const now = this.#now();
    const { playerProtection } = await this.#settings.read();
    const rows = await this.#rows(playerId);
    const value = (key: string) => rows.find((r) => r.key === key)?.value ?? null;
    const ends: { at: number; minutes: number }[] = [];
    const sessionMinutes = value('sessionMinutes');
    if (sessionMinutes !== null) ends.push({ at: seat.sessionStartedAt.getTime() + sessionMinutes * 60_000, minutes: sessionMinutes });
    const dailyMinutes = value('dailyPlayMinutes');
    if (dailyMinutes !== null) {
      const played = await seat.playedSince(periodBounds('day', now, playerProtection.timeZone).start);
      ends.push({ at: now.getTime() + dailyMinutes * 60_000 - played, minutes: dailyMinutes });
    }
    const first = ends.sort((a, b) => a.at - b.at)[0];
    if (first && seat.refuseWhenUp && first.at <= now.getTime())
      throw new DomainError(ProtectionCode.PlayTimeLimitReached, { minutes: first.minutes });
    let lossRoom: number | null = null;
    if (limitPeriods.some((period) => value(moneyLimitKeys.loss[period]) !== null)) {
      const used = await playMoneySince(this.#db, playerId, this.#periodStarts(now, playerProtection.timeZone));
      for (const period of limitPeriods) {
        const limit = value(moneyLimitKeys.loss[period]);
        if (limit === null) continue;
        const room = Math.max(0, limit - (used[period].cashIn - used[period].paidBack));
        lossRoom = lossRoom === null ? room : Math.min(lossRoom, room);
      }
    }
    return {
      playUntil: first ? new Date(first.at).toISOString() : null,
      playLimitMinutes: first?.minutes ?? null,
      lossRoom,
      realityCheckMinutes: value(REALITY_CHECK_KEY) ?? playerProtection.realityCheckMinutes,
    };
  }

  /** A cash-in refused by a limit, for the audit log (written after its transaction rolled back). */
  async cashInRefused(playerId: number, amount: number, error: DomainError): Promise<void> {
    const [player] = await this.#people.byIds([playerId]);
    await this.#record(
      { id: playerId, username: player?.username ?? '', ip: '' },
      AuditType.LimitRefused,
      { code: error.code, amount, ...error.params },
      this.#now(),
    );
  }

  /** What the cashier is told when a deposit is larger than the player may still move into play in a period. */
  async depositWarnings(playerId: number, amount: number): Promise<string[]> {
    const status = await this.status(playerId);
    return limitPeriods.flatMap((period) => {
      const limit = status.limits.find((l) => l.key === moneyLimitKeys.cashIn[period])?.value ?? null;
      if (limit === null) return [];
      const left = Math.max(0, limit - status.cashIn[period]);
      return amount > left
        ? [
            `Warning: the deposit is above the player's ${periodWords[period]} cash-in limit: ${formatMinor(left)} of ${formatMinor(limit)} left to play.`,
          ]
        : [];
    });
  }

  /**
   * A time-out or self-exclusion begins now: sign-in is refused until it ends, and every session of the
   * player ends at once on every channel, seats cashed out, as a ban does. It cannot be shortened.
   */
  async exclude(actor: Actor, request: ExclusionRequest): Promise<Exclusion> {
    const now = this.#now();
    const until = request.kind === 'time-out' ? new Date(now.getTime() + request.hours * 3_600_000) : addMonths(now, request.months);
    await this.#db.insert(protectionExclusions).values({ playerId: actor.id, kind: request.kind, startsAt: now, endsAt: until });
    await this.#record(actor, AuditType.Excluded, { kind: request.kind, until: until.toISOString() }, now);
    await this.#revocations.banned(actor.id);
    return { kind: request.kind, startsAt: now.toISOString(), until: until.toISOString() };
  }

  /** The exclusion in force for the player now, the one ending last (sign-in asks it). */
  async activeExclusion(playerId: number, now: Date): Promise<{ kind: ExclusionKind; until: Date } | null> {
    const [row] = await this.#db
      .select()
      .from(protectionExclusions)
      .where(
        and(eq(protectionExclusions.playerId, playerId), lte(protectionExclusions.startsAt, now), gt(protectionExclusions.endsAt, now)),
      )
      .orderBy(desc(protectionExclusions.endsAt))
      .limit(1);
    return row ? { kind: row.kind as ExclusionKind, until: row.endsAt } : null;
  }

  /** The player's time-outs and self-exclusions, the latest first (the console's player page). */
  async exclusionsOf(playerId: number): Promise<{ kind: ExclusionKind; startsAt: string; until: string }[]> {
    const rows = await this.#db
      .select()
      .from(protectionExclusions)
      .where(eq(protectionExclusions.playerId, playerId))
      .orderBy(desc(protectionExclusions.endsAt));
    return rows.map((row) => ({ kind: row.kind as ExclusionKind, startsAt: row.startsAt.toISOString(), until: row.endsAt.toISOString() }));
  }

  /** Every exclusion, or those in force only: the operator's list (`reelcast player exclusions`). */
  async listExclusions(options: { active: boolean }): Promise<ExclusionListing[]> {
    const now = this.#now();
    const rows = await this.#db
      .select()
      .from(protectionExclusions)
      .where(options.active ? and(lte(protectionExclusions.startsAt, now), gt(protectionExclusions.endsAt, now)) : undefined)
      .orderBy(desc(protectionExclusions.endsAt));
    const people = await this.#people.byIds([...new Set(rows.map((row) => row.playerId))]);
    return rows.map((row) => ({
      playerId: row.playerId,
      username: people.find((person) => person.id === row.playerId)?.username ?? '',
      kind: row.kind as ExclusionKind,
      startsAt: row.startsAt.toISOString(),
      until: row.endsAt.toISOString(),
    }));
  }

  #periodStarts(now: Date, timeZone: string): Record<LimitPeriod, Date> {
    return {
      day: periodBounds('day', now, timeZone).start,
      week: periodBounds('week', now, timeZone).start,
      month: periodBounds('month', now, timeZone).start,
    };
  }

  #rows(playerId: number, db: Db = this.#db): Promise<LimitRow[]> {
    return db.select().from(protectionLimits).where(eq(protectionLimits.playerId, playerId));
  }

  async #write(
    db: Db,
    playerId: number,
    key: string,
    values: Pick<LimitRow, 'value' | 'hasPending' | 'pendingValue' | 'pendingSince'>,
    now: Date,
  ): Promise<void> {
    await db
      .insert(protectionLimits)
      .values({ playerId, key, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: [protectionLimits.playerId, protectionLimits.key], set: { ...values, updatedAt: now } });
  }

  async #record(actor: Actor, type: AuditType, detail: Record<string, unknown>, now: Date, db?: Db): Promise<void> {
    await this.#audit.write({ type, username: actor.username, ip: actor.ip, playerId: actor.id, detail }, now, db);
  }
}

/** The same wall-clock moment `months` later in UTC (the last day of a shorter month when the day is missing). */
function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  target.setUTCHours(from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds());
  return target;
}
