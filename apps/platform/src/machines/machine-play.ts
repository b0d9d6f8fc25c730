import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  ActionCode,
  ErrorCode,
  memoText,
  type CashInRequest,
  type CashOutRequest,
  type MachineTransferAnswer,
  type SeatAnswer,
  type SeatHeldRequest,
  type SeatProtection,
  type SessionCloseRequest,
  type SettlementAnswer,
  type SettlementRequest,
  type SlotSession,
  ProtectionCode,
} from '@reelcast/protocol';
import type { AuthService } from '../auth/index.ts';
import { type Clock, DomainError } from '../shared/index.ts';
import type { Db } from '../db/index.ts';
import { machineTransfers, slotSessions } from '../db/schema.ts';
import {
  holdAccount,
  lockWallet,
  machineAccount,
  PROMOTIONS_ACCOUNT,
  walletAccount,
  type Ledger,
  type TransferRequest,
} from '../wallet/index.ts';
import { HandPays, type HandPayRow } from './hand-pays.ts';
import type { SeatLimits } from './machine-agents.ts';
import type { MachineRegistry } from './machine-registry.ts';

export interface CashOutToSplit {
  /** The machine transfer id of the cash-out (its idempotency). */
  transferId: string;
  playerId: number;
  sessionStartedAt: Date;
  amount: number;
}

export interface CashOutSplit {
  toWallet: number;
  excess: number;
  /** Memo of the ledger movement that takes the excess to the promotions account. */
  memo: string;
}

/** What MachinePlay.cashOut asks (promotions/ gives it) before paying a cash-out into the wallet, inside the cash-out's transaction. */
export interface PayoutCap {
  split(tx: Db, cashOut: CashOutToSplit): Promise<CashOutSplit | null>;
}

/**
 * What MachinePlay asks of the player's own limits (the player-protection module gives it). The cash-in
 * check runs in the cash-in's transaction, with the player's wallet locked, and throws a DomainError to
 * refuse; the seat's limits go to the agent with the seat (and refuse a new seat when play time is up).
 */
export interface CashInGuard {
  checkCashIn(tx: Db, playerId: number, amount: number): Promise<void>;
  /** A refusal of the check, recorded after its transaction rolled back. */
  cashInRefused(playerId: number, amount: number, error: DomainError): Promise<void>;
  seatProtection(
    playerId: number,
    seat: { sessionStartedAt: Date; refuseWhenUp: boolean; playedSince: (since: Date) => Promise<number> },
  ): Promise<SeatProtection>;
}

/** The codes a CashInGuard refuses with. */
const limitCodes = new Set<number>([ProtectionCode.CashInLimitReached, ProtectionCode.LossLimitReached]);

/** Statuses in which a machine takes a new player. */
const joinable = new Set(['idle', 'reserved']);
/** Statuses in which the seated player may come back to their seat. */
const resumable = new Set(['playing', 'waiting', 'bonus', 'reserved', 'cashout']);

type TransferRow = typeof machineTransfers.$inferSelect;
type SessionRow = typeof slotSessions.$inferSelect;

/**
 * Play on a machine, as the machine agent asks for it over the machine API (docs/machine-protocol.md):
 * seats and slot sessions, two-phase cash-in, cash-out and hand pay / jackpot settlements. Every money
 * step is one ledger movement whose companion rows commit in the same transaction.
 */
export class MachinePlay {
  readonly #db: Db;
  readonly #ledger: Ledger;
  readonly #auth: AuthService;
  readonly #machines: MachineRegistry;
  readonly #now: Clock;
  readonly #deadlineMs: number;
  readonly #payoutCap: PayoutCap;
  readonly #cashInGuard: CashInGuard;
  readonly #handPays: HandPays;
  readonly #floorChanged: (machineId: number) => void;

  constructor(deps: {
    db: Db;
    ledger: Ledger;
    auth: AuthService;
    machines: MachineRegistry;
    clock: Clock;
    deadlineMs?: number;
    payoutCap: PayoutCap;
    cashInGuard: CashInGuard;
    /**
     * What the console's floor shows of the machine changed without a change of its status or
     * reservation (which push its row anyway): a hand pay began to wait for staff, a session ended.
     */
    floorChanged?: (machineId: number) => void;
  }) {
    this.#db = deps.db;
    this.#ledger = deps.ledger;
    this.#auth = deps.auth;
    this.#machines = deps.machines;
    this.#now = deps.clock;
    this.#deadlineMs = deps.deadlineMs ?? 30_000;
    this.#payoutCap = deps.payoutCap;
    this.#cashInGuard = deps.cashInGuard;
    this.#handPays = new HandPays(deps.db, deps.clock);
    this.#floorChanged = deps.floorChanged ?? (() => {});
  }

  /** A player asks to sit at a machine (init {machineID, token}); a returning player gets their seat back. */
  async seat(machineId: number, token: string): Promise<SeatAnswer> {
    const claims = await this.#auth.authenticate(token);
    if (!claims) throw new DomainError(ErrorCode.SignatureNotVerified);
    const machine = await this.#machines.byId(machineId);
    const open = await this.openSlotSessionOf(machineId);
    const now = this.#now();
    let session: SessionRow;
    let resumed = false;
    if (open) {
      if (open.playerId !== claims.id || !resumable.has(machine.status)) throw new DomainError(ErrorCode.MachineBusy);
      session = open;
      resumed = true;
    } else {
      const reservedForOther = machine.reservation && machine.reservation.playerId !== claims.id;
      if (!joinable.has(machine.status) || reservedForOther) throw new DomainError(ErrorCode.MachineBusy);
      // A player whose play time is up today is refused before a seat opens.
      await this.#protectionOf(claims.id, now, true);
      await this.#ledger.ensureAccount(holdAccount(claims.id), { playerId: claims.id });
      await this.#ledger.ensureAccount(machineAccount(machineId), { allowNegative: true });
      const [created] = await this.#db
        .insert(slotSessions)
        .values({ id: randomUUID(), playerId: claims.id, machineId, startedAt: now })
        .onConflictDoNothing()
        .returning();
      // Someone else sat down between our look and our insert: the unique open-seat index decided.
      if (!created) throw new DomainError(ErrorCode.MachineBusy);
      session = created;
    }
    await this.#machines.report(machineId, { status: 'playing', reservation: { playerId: claims.id, until: null } });
    const protection = await this.#protectionOf(claims.id, session.startedAt, false);
    return {
      playerId: claims.id,
      username: claims.username,
      name: claims.name,
      sessionId: session.id,
      authSessionId: claims.jti,
      startedAt: session.startedAt.toISOString(),
      balance: await this.#ledger.balance(claims.id),
      resumed,
      protection,
    };
  }

  #protectionOf(playerId: number, sessionStartedAt: Date, refuseWhenUp: boolean): Promise<SeatProtection> {
    return this.#cashInGuard.seatProtection(playerId, {
      sessionStartedAt,
      refuseWhenUp,
      playedSince: (since) => this.#playedSince(playerId, since),
    });
  }

  /** Milliseconds the player sat at machines since `since` (open seats counted to now). */
  async #playedSince(playerId: number, since: Date): Promise<number> {
    const now = this.#now();
    const end = sql`coalesce(${slotSessions.endedAt}, ${now.toISOString()}::timestamptz)`;
    const start = sql`greatest(${slotSessions.startedAt}, ${since.toISOString()}::timestamptz)`;
    const [row] = await this.#db
      .select({ ms: sql<string>`coalesce(sum(extract(epoch from (${end} - ${start})) * 1000), 0)::text` })
      .from(slotSessions)
      .where(and(eq(slotSessions.playerId, playerId), sql`${end} > ${start}`));
    return Math.max(0, Math.round(Number(row?.ms ?? 0)));
  }

  /** The machine's open slot session (its seat), read in the caller's transaction when one is given. */
  async openSlotSessionOf(machineId: number, db: Db = this.#db): Promise<SessionRow | undefined> {
    const [row] = await db
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.machineId, machineId), isNull(slotSessions.endedAt)));
    return row;
  }

  /** Every open slot session (the seats of the whole floor, for the console). */
  async openSlotSessions(): Promise<SessionRow[]> {
    return this.#db.select().from(slotSessions).where(isNull(slotSessions.endedAt));
  }

  async openSlotSessionsOf(playerId: number): Promise<SessionRow[]> {
    return this.#db
      .select()
      .from(slotSessions)
      .where(and(eq(slotSessions.playerId, playerId), isNull(slotSessions.endedAt)));
  }

  /** The player's open seats with the limits each keeps now (as a seat answer would give them), for their agents. */
  async seatLimitsOf(playerId: number): Promise<SeatLimits[]> {
    const seats = await this.openSlotSessionsOf(playerId);
    return Promise.all(
      seats.map(async (seat) => ({
        machineId: seat.machineId,
        sessionId: seat.id,
        protection: await this.#protectionOf(playerId, seat.startedAt, false),
      })),
    );
  }

  /** The wallet balance of a session's player (the agent's answer to a cash-out with nothing on the meter). */
  async sessionBalance(sessionId: string): Promise<{ balance: number }> {
    const session = await this.#session(sessionId);
    return { balance: await this.#ledger.balance(session.playerId) };
  }

  /** Ends the seat: the session is closed with the machine's figures and the machine is free again. */
  async closeSession(sessionId: string, figures: SessionCloseRequest): Promise<SlotSession> {
    const [row] = await this.#db
      .update(slotSessions)
      .set({
        endedAt: this.#now(),
        endReason: figures.reason,
        spins: figures.spins,
        totalBet: BigInt(figures.totalBet),
        totalWon: BigInt(figures.totalWon),
      })
      .where(and(eq(slotSessions.id, sessionId), isNull(slotSessions.endedAt)))
      .returning();
    const session = row ?? (await this.#session(sessionId));
    if (row) {
      await this.#machines.report(session.machineId, { status: 'idle', reservation: null });
      // The machine may have shown idle before the close: its floor row still named the player.
      this.#floorChanged(session.machineId);
    }
    return toSlotSession(session);
  }

  /**
   * The agent says which seat it holds on the machine (docs/machine-protocol.md "Seats the agent never
   * heard of"): every other open session there is closed with `reason`, and with no seat held the machine
   * is free again. Such a session was opened for a join whose answer never reached the agent, so no money
   * moved in it (a cash-in needs a seat on the agent); its figures stay as the platform counted them.
   */
  async seatHeld(machineId: number, held: SeatHeldRequest): Promise<{ closed: string[] }> {
    await this.#machines.byId(machineId);
    const closed = await this.#db
      .update(slotSessions)
      .set({ endedAt: this.#now(), endReason: held.reason })
      .where(
        and(
          eq(slotSessions.machineId, machineId),
          isNull(slotSessions.endedAt),
          held.sessionId === null ? undefined : ne(slotSessions.id, held.sessionId),
        ),
      )
      .returning({ id: slotSessions.id });
    if (closed.length && held.sessionId === null) await this.#machines.report(machineId, { status: 'idle', reservation: null });
    if (closed.length) this.#floorChanged(machineId);
    return { closed: closed.map((row) => row.id) };
  }

  /**
   * Phase one of a cash-in: the amount leaves the wallet for the player's hold account, unless it would
   * pass one of the player's limits (checked in the same transaction, the wallet locked: refused before
   * any money moves). A repeat of a reserved transfer is answered as before, without a new check.
   */
  async reserveCashIn(request: CashInRequest): Promise<MachineTransferAnswer> {
    const session = await this.#liveSession(request.sessionId);
    const deadline = new Date(this.#now().getTime() + this.#deadlineMs);
    try {
      await this.#ledger.transferLinked(async (tx) => {
        await lockWallet(tx, session.playerId);
        const [earlier] = await tx
          .select({ id: machineTransfers.id })
          .from(machineTransfers)
          .where(eq(machineTransfers.id, request.transferId));
        if (!earlier) await this.#cashInGuard.checkCashIn(tx, session.playerId, request.amount);
        return {
          requests: [
            {
              idempotencyKey: `mt:${request.transferId}:reserve`,
              action: ActionCode.CashIn,
              from: walletAccount(session.playerId),
              to: holdAccount(session.playerId),
              amount: request.amount,
              memo: memoText({ kind: 'machine', movement: 'cashInReserve', machineId: session.machineId }),
            },
          ],
          alongside: async (alongsideTx) => {
            await alongsideTx.insert(machineTransfers).values({
              id: request.transferId,
              playerId: session.playerId,
              machineId: session.machineId,
              sessionId: session.id,
              direction: 'in',
              amount: BigInt(request.amount),
              status: 'reserved',
              deadline,
            });
          },
        };
      });
    } catch (error) {
      if (error instanceof DomainError && limitCodes.has(error.code))
        await this.#cashInGuard.cashInRefused(session.playerId, request.amount, error);
      throw error;
    }
    return this.#answer(await this.#transfer(request.transferId));
  }

  /** Phase two: the machine applied the credit; the hold moves to the machine. Repeats are harmless. */
  postCashIn(transferId: string): Promise<MachineTransferAnswer> {
    return this.#resolveCashIn(transferId, 'posted');
  }

  /** The machine could not apply the credit (or the deadline passed): the hold returns to the wallet. */
  voidCashIn(transferId: string): Promise<MachineTransferAnswer> {
    return this.#resolveCashIn(transferId, 'voided');
  }

  async #resolveCashIn(transferId: string, outcome: 'posted' | 'voided'): Promise<MachineTransferAnswer> {
    const transfer = await this.#transfer(transferId);
    const other = outcome === 'posted' ? 'voided' : 'posted';
    if (transfer.direction !== 'in') throw new DomainError(ErrorCode.TransferResolved);
    if (transfer.status === other) throw new DomainError(ErrorCode.TransferResolved, { status: other });
    const posted = outcome === 'posted';
    try {
      await this.#moveHold(transfer, posted);
    } catch (error) {
      // The hold can only be short because the other outcome took it while we waited for its lock.
      if (!(error instanceof DomainError && error.code === ErrorCode.InsufficientFunds)) throw error;
      const now = await this.#transfer(transferId);
      if (now.status === other) throw new DomainError(ErrorCode.TransferResolved, { status: other });
      throw error;
    }
    return this.#answer(await this.#transfer(transferId));
  }

  /** Phase two's ledger movement: the hold goes to the machine (posted) or back to the wallet (voided). */
  async #moveHold(transfer: TransferRow, posted: boolean): Promise<void> {
    await this.#ledger.transfer(
      {
        idempotencyKey: `mt:${transfer.id}:${posted ? 'post' : 'void'}`,
        action: ActionCode.CashIn,
        from: holdAccount(transfer.playerId),
        to: posted ? machineAccount(transfer.machineId) : walletAccount(transfer.playerId),
        amount: Number(transfer.amount),
        memo: memoText({ kind: 'machine', movement: posted ? 'cashIn' : 'cashInVoided', machineId: transfer.machineId }),
      },
      async (tx) => {
        await this.#resolve(tx, transfer, posted ? 'posted' : 'voided');
        if (posted) {
          await tx
            .update(slotSessions)
            .set({ cashIn: sql`${slotSessions.cashIn} + ${transfer.amount}` })
            .where(eq(slotSessions.id, transfer.sessionId!));
        }
      },
    );
  }

  /**
   * Cash out: the machine took the credit off its meter; it goes to the wallet. Repeats are harmless.
   * Under an open weekly-bonus wager the part above its payout cap goes to the promotions account
   * instead (docs/business-rules.md). The split, its wallet part, its excess part and the record of the
   * cash-out commit in one transaction, or none of them does; the split is stored, so a repeat splits
   * alike.
   */
  async cashOut(request: CashOutRequest): Promise<MachineTransferAnswer> {
    const session = await this.#session(request.sessionId);
    await this.#ledger.transferLinked(async (tx) => {
      const split = await this.#payoutCap.split(tx, {
        transferId: request.transferId,
        playerId: session.playerId,
        sessionStartedAt: session.startedAt,
        amount: request.amount,
      });
      const toWallet = split ? split.toWallet : request.amount;
      const requests: TransferRequest[] = [];
      if (split && split.excess > 0) {
        requests.push({
          idempotencyKey: `mt:${request.transferId}:out:excess`,
          action: ActionCode.WeeklyBonus,
          from: machineAccount(session.machineId),
          to: PROMOTIONS_ACCOUNT,
          amount: split.excess,
          memo: split.memo,
        });
      }
      if (toWallet > 0) {
        requests.push({
          idempotencyKey: `mt:${request.transferId}:out`,
          action: ActionCode.CashOut,
          from: machineAccount(session.machineId),
          to: walletAccount(session.playerId),
          amount: toWallet,
          memo: memoText({ kind: 'machine', movement: 'cashOut', machineId: session.machineId }),
        });
      }
      const record = async (recordTx: Db) => {
        await recordTx.insert(machineTransfers).values({
          id: request.transferId,
          playerId: session.playerId,
          machineId: session.machineId,
          sessionId: session.id,
          direction: 'out',
          amount: BigInt(request.amount),
          status: 'posted',
          deadline: this.#now(),
          resolvedAt: this.#now(),
        });
        await recordTx
          .update(slotSessions)
          .set({ cashOut: sql`${slotSessions.cashOut} + ${BigInt(request.amount)}` })
          .where(eq(slotSessions.id, session.id));
      };
      return { requests, alongside: record };
    });
    return this.#answer(await this.#transfer(request.transferId));
  }

  /**
   * A hand pay or jackpot: paid into the wallet once per settlement id. A hand pay asked with
   * `confirm: 'staff'` waits for a member's confirmation (confirmHandPay): until then it is kept and
   * answered `pending`, nothing paid.
   */
  async settle(request: SettlementRequest): Promise<SettlementAnswer> {
    const session = await this.#session(request.sessionId);
    if (request.confirm === 'staff' && request.kind === 'HAND_PAY') {
      const held = await this.#handPays.hold(request, session.machineId);
      if (held.created) this.#floorChanged(session.machineId);
      if (!held.confirmed)
        return { settlementId: request.settlementId, balance: await this.#ledger.balance(session.playerId), pending: true };
    }
    return this.#pay(request, session);
  }

  /**
   * A member confirms the machine's waiting hand pay (docs/console.md "Hand pay"): it is paid into the
   * player's wallet as action 5, once; a confirm when none waits (another was first) is refused (409 / 40901).
   */
  async confirmHandPay(machineId: number, username: string): Promise<{ handPay: HandPayRow; playerId: number; balance: number }> {
    const handPay = await this.#handPays.confirm(machineId, username);
    const session = await this.#session(handPay.sessionId);
    const request = { settlementId: handPay.id, sessionId: session.id, kind: 'HAND_PAY' as const, amount: Number(handPay.amount) };
    const { balance } = await this.#pay(request, session);
    return { handPay, playerId: session.playerId, balance };
  }

  /** Every hand pay waiting for staff (the console's floor). */
  waitingHandPays(): Promise<HandPayRow[]> {
    return this.#handPays.waiting();
  }

  async #pay(request: SettlementRequest, session: SessionRow): Promise<{ settlementId: string; balance: number }> {
    const result = await this.#ledger.transfer({
      idempotencyKey: `settle:${request.settlementId}`,
      action: request.kind === 'JACKPOT' ? ActionCode.Jackpot : ActionCode.HandPay,
      from: machineAccount(session.machineId),
      to: walletAccount(session.playerId),
      amount: request.amount,
      memo: memoText({ kind: 'machine', movement: request.kind === 'JACKPOT' ? 'jackpot' : 'handPay', machineId: session.machineId }),
    });
    return { settlementId: request.settlementId, balance: result.balances[walletAccount(session.playerId)]! };
  }

  /** Voids every reserved cash-in whose deadline has passed. Returns how many. */
  async sweepExpired(): Promise<number> {
    const expired = await this.#db
      .select({ id: machineTransfers.id })
      .from(machineTransfers)
      .where(and(eq(machineTransfers.status, 'reserved'), lt(machineTransfers.deadline, this.#now())));
    let voided = 0;
    for (const { id } of expired) {
      try {
        await this.voidCashIn(id);
        voided++;
      } catch (error) {
        // Posted in the meantime: the machine was in time after all.
        if (!(error instanceof DomainError && error.code === ErrorCode.TransferResolved)) throw error;
      }
    }
    return voided;
  }

  async #resolve(tx: Db, transfer: TransferRow, status: 'posted' | 'voided'): Promise<void> {
    const changed = await tx
      .update(machineTransfers)
      .set({ status, resolvedAt: this.#now() })
      .where(and(eq(machineTransfers.id, transfer.id), eq(machineTransfers.status, 'reserved')))
      .returning({ id: machineTransfers.id });
    if (!changed.length) throw new DomainError(ErrorCode.TransferResolved);
  }

  async #transfer(id: string): Promise<TransferRow> {
    const [row] = await this.#db.select().from(machineTransfers).where(eq(machineTransfers.id, id));
    if (!row) throw new DomainError(ErrorCode.NotFound, undefined, 'Transfer not found.');
    return row;
  }

  async #session(id: string): Promise<SessionRow> {
    const [row] = await this.#db.select().from(slotSessions).where(eq(slotSessions.id, id));
    if (!row) throw new DomainError(ErrorCode.NotFound, undefined, 'Session not found.');
    return row;
  }

  async #liveSession(id: string): Promise<SessionRow> {
    const session = await this.#session(id);
    if (session.endedAt) throw new DomainError(ErrorCode.SessionTerminated);
    return session;
  }

  async #answer(row: TransferRow): Promise<MachineTransferAnswer> {
    return {
      transferId: row.id,
      direction: row.direction as 'in' | 'out',
      status: row.status as MachineTransferAnswer['status'],
      amount: Number(row.amount),
      balance: await this.#ledger.balance(row.playerId),
      deadline: row.deadline.toISOString(),
    };
  }
}

function toSlotSession(row: SessionRow): SlotSession {
  return {
    id: row.id,
    playerId: row.playerId,
    machineId: row.machineId,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    endReason: row.endReason,
    cashIn: Number(row.cashIn),
    cashOut: Number(row.cashOut),
    spins: row.spins,
    totalBet: Number(row.totalBet),
    totalWon: Number(row.totalWon),
  };
}
