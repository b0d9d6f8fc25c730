import { ErrorCode, type SessionEndReason } from '@reelcast/protocol';
import type { Cabinet, CabinetSettlement, CabinetTransfer } from '../cabinet/cabinet.ts';
import type { Scheduler } from '../cabinet/sas/scheduler.ts';
import { platformRefusal, refusal, type Ack, type Refused } from './ack.ts';
import { engineRefusal } from './engine-refusals.ts';
import { HostTimers } from './host-timers.ts';
import { PlatformRefusal, type PlatformClient } from './platform-client.ts';
import type { PendingCashOut, PendingClose, TransferJournal } from './transfer-journal.ts';

/** What the money asks of the platform's machine API (the PlatformClient; tests pass a fake). */
export type MoneyPlatform = Pick<
  PlatformClient,
  'sessionBalance' | 'closeSession' | 'seatHeld' | 'reserveCashIn' | 'postCashIn' | 'voidCashIn' | 'cashOut' | 'settle'
>;

/** Everything still owed to the platform is tried again this often. */
export const RECOVERY_EVERY_MS = 5_000;

export interface SeatMoneyOptions {
  machineId: number;
  cabinet: Cabinet;
  platform: MoneyPlatform;
  /** Saved with the cabinet's state on each change (the host's state file). */
  journal: TransferJournal;
  scheduler: Scheduler;
  /** Runs work on the host's queue, after what it is doing and before what comes next. */
  serial: <T>(work: () => T | Promise<T>) => Promise<T>;
  /** The seat now, if any. */
  seat: () => { sessionId: string } | null;
  /** Tells the seated player, if their socket is connected. */
  tell: (event: 'info' | 'balance', payload: unknown) => void;
  /** The credit meter changed outside a press (a failed post, a settled cash-in): show it. */
  changed: () => void;
  /** A settlement was paid and the cabinet released its lock. */
  released: () => void;
  log: (message: string, detail?: unknown) => void;
}

/**
 * The money between a cabinet's credit meter and the ledger (docs/game-socket.md "Rules"): the
 * two-phase cash-in (reserve → apply → post, or void), cash-outs, hand pays and jackpots, session
 * closes, and the recovery that finishes whatever a failure or a restart left owed, every
 * RECOVERY_EVERY_MS until nothing is. Each step is written to the journal before the next.
 */
export class SeatMoney {
  readonly #o: SeatMoneyOptions;
  readonly #timers: HostTimers<'recovery'>;
  /** A recovery pass is running: it reschedules itself at its end if anything is still owed. */
  #recovering = false;
  /** The platform is owed the seat this machine holds (with the reason to close any other), see claimSeat. */
  #seatClaim: SessionEndReason | null = null;

  constructor(options: SeatMoneyOptions) {
    this.#o = options;
    this.#timers = new HostTimers(options.scheduler);
  }

  stop(): void {
    this.#timers.stop();
  }

  /**
   * Cash-in from the seated player's wallet onto the meter; `clientTransferId` makes a retry safe.
   * `posted` hears the wallet's balance once this call posted it (a repeat is only answered).
   */
  async cashIn(
    seat: { playerId: number; sessionId: string },
    amount: number,
    clientTransferId: string,
    posted: (balance: number) => void = () => {},
  ): Promise<Ack> {
    const { machineId, journal, platform, cabinet } = this.#o;
    const transferId = `m${machineId}-p${seat.playerId}-${clientTransferId}`;
    if (journal.applying(transferId)) await this.#resolveApply(transferId);
    if (journal.applying(transferId)) return refusal(ErrorCode.MachineNotPlaying);
    if (journal.unsettled(transferId)) await this.#settleCashIn(transferId);
    const done = journal.completed(transferId);
    if (done) return { ok: true, transferId: clientTransferId, ...done };
    if (journal.unsettled(transferId)) return this.#refusalOf(new Error('the platform cannot be reached'));

    let reserved;
    try {
      reserved = await platform.reserveCashIn(transferId, seat.sessionId, amount);
    } catch (error) {
      return this.#refusalOf(error);
    }
    if (reserved.status === 'voided') return refusal(ErrorCode.TransferResolved);
    // A repeat after a restart finds the credit already on the meter (or already posted): apply once.
    if (reserved.status === 'reserved' && journal.appliedAmount(transferId) === undefined) {
      journal.applySent(transferId, { amount, sessionId: seat.sessionId });
      const applied = await cabinet.applyCredit(transferId, amount);
      if (applied.status !== 'completed') {
        if (applied.status === 'unknown') {
          // Neither posted nor voided: the cabinet may hold it. Asked again until it says (a retry, the recovery).
          this.#o.log(`cash-in ${transferId}: the cabinet could not say whether it applied it (${applied.reason})`);
          this.#scheduleRecovery();
          return refusal(ErrorCode.MachineNotPlaying);
        }
        journal.applyResolved(transferId, false);
        await this.#voidOrLeave(transferId);
        return engineRefusal(applied.refusal);
      }
      journal.applied(transferId, amount);
    }
    const result = await this.#post(transferId);
    if (!result.ok) return result;
    posted(result.balance);
    return { ok: true, transferId: clientTransferId, credit: result.credit, balance: result.balance };
  }

  /**
   * A cash-in the cabinet could not confirm or deny: asked again; applied, it is posted (and told to the
   * player with the state); never applied, it is voided. Still unknown, it waits.
   */
  async #resolveApply(transferId: string): Promise<void> {
    const { journal, cabinet } = this.#o;
    const outcome = await cabinet.resolveTransfer(transferId);
    if (outcome.status === 'unknown') return;
    journal.applyResolved(transferId, outcome.status === 'completed');
    if (outcome.status === 'completed') await this.#post(transferId);
    else await this.#voidOrLeave(transferId);
  }

  /** Voids a cash-in the cabinet never took; if the platform cannot be told, its deadline voids it. */
  #voidOrLeave(transferId: string): Promise<unknown> {
    return this.#o.platform.voidCashIn(transferId).catch((error) => this.#o.log('void failed; the platform voids at the deadline', error));
  }

  /**
   * Phase two of a cash-in whose credit is on the meter: post it. If that fails the credit leaves the
   * meter at once (it may not be played while the platform might void it): voided, the money is back in
   * the wallet; unknown, the cash-in waits in `unsettled` until the platform says which it was.
   */
  async #post(transferId: string): Promise<{ ok: true; credit: number; balance: number } | Refused> {
    const { journal, platform, cabinet } = this.#o;
    let balance: number;
    try {
      balance = (await platform.postCashIn(transferId)).balance;
    } catch (error) {
      const voided = error instanceof PlatformRefusal && error.code === ErrorCode.TransferResolved;
      await this.#takeBack(transferId, { voided, sessionId: this.#o.seat()?.sessionId ?? '' });
      this.#o.changed();
      return this.#refusalOf(error);
    }
    const result = { credit: cabinet.state.credit, balance };
    journal.posted(transferId, result);
    this.#o.changed();
    return { ok: true, ...result };
  }

  /**
   * A cash-in whose post failed: void it (the money returns to the wallet, as the player was told);
   * if the platform had posted it after all, the credit goes back on the meter.
   */
  async #settleCashIn(transferId: string): Promise<void> {
    const { journal, platform, cabinet } = this.#o;
    const unsettled = journal.unsettled(transferId);
    if (!unsettled) return;
    try {
      await platform.voidCashIn(transferId);
      journal.settledVoided(transferId);
    } catch (error) {
      if (!(error instanceof PlatformRefusal && error.code === ErrorCode.TransferResolved)) return;
      const posted = await platform.postCashIn(transferId).catch(() => null);
      if (!posted) return;
      if (this.#o.seat()?.sessionId === unsettled.sessionId) {
        const back = await cabinet.applyCredit(`${transferId}-again`, unsettled.amount);
        if (back.status !== 'completed') this.#o.log(`cash-in ${transferId} posted after all, but the meter refused it`, back);
        journal.settledPosted(transferId, { credit: cabinet.state.credit, balance: posted.balance });
      } else {
        // The seat it was meant for has ended: the money goes back to that player's wallet, never to the meter.
        const back = journal.settledReturned(transferId);
        if (back) await this.#confirmCashOut(back).catch(() => this.#scheduleRecovery());
      }
    }
    this.#o.changed();
  }

  /**
   * Takes a failed cash-in off the meter (it has been on it only inside the queue, so it is all there).
   * Saved before the request leaves; what the cabinet cannot say yet is asked again by the recovery.
   */
  async #takeBack(transferId: string, outcome: { voided: boolean; sessionId: string }): Promise<void> {
    const { amount, takeBackId } = this.#o.journal.takeBackSent(transferId, outcome);
    this.#tookBack(transferId, await this.#o.cabinet.takeCredit(takeBackId, amount));
  }

  /** A take-back sent before a restart, or whose answer was lost: the cabinet is asked what became of it. */
  async #resolveTakeBack(transferId: string): Promise<void> {
    const taking = this.#o.journal.takingBack(transferId);
    if (!taking) return;
    this.#tookBack(transferId, await this.#o.cabinet.resolveTransfer(taking.takeBackId));
    this.#o.changed();
  }

  /**
   * What the cabinet said of a take-back. Taken: the cash-in is settled with the platform (unless it voided
   * it). Refused: the credit is still on the meter, and the cash-in is applied and unposted again. Unknown:
   * it stays as it is. Whatever is left owed, the recovery comes back for it.
   */
  #tookBack(transferId: string, taken: CabinetTransfer): void {
    if (taken.status === 'unknown')
      this.#o.log(`cash-in ${transferId}: the cabinet could not say whether it took it back (${taken.reason})`);
    else this.#o.journal.takeBackResolved(transferId, taken.status === 'completed');
    if (taken.status === 'refused') this.#o.log(`cash-in ${transferId}: the cabinet refused to take it back; it stays on the meter`, taken);
    if (this.#o.journal.owedCount > 0) this.#scheduleRecovery();
  }

  /**
   * The whole credit meter to the wallet of the session's player. `balance` is the wallet's after it
   * (or, with nothing on the meter, as the platform has it now when `askBalance`); null when unknown.
   */
  async cashOut(sessionId: string, askBalance: boolean): Promise<{ ok: true; amount: number; balance: number | null } | Refused> {
    const { machineId, journal, platform, cabinet } = this.#o;
    if (journal.creditInDoubt) return this.#creditInDoubt();
    if (cabinet.state.credit <= 0) {
      if (!askBalance) return { ok: true, amount: 0, balance: null };
      const balance = await platform.sessionBalance(sessionId).catch((error) => {
        this.#o.log('the wallet balance could not be read for a cash-out with no credit', error);
        return null;
      });
      return { ok: true, amount: 0, balance };
    }
    const taken = await cabinet.takeCredit(journal.nextCashOutId(machineId, sessionId));
    if (taken.status === 'refused') return engineRefusal(taken.refusal);
    if (taken.status === 'unknown') {
      this.#o.log(`cash-out: the cabinet could not say whether it took the credit (${taken.reason})`);
      return refusal(ErrorCode.MachineNotPlaying);
    }
    const pending = journal.cashOutTaken(machineId, sessionId, taken.amount);
    const balance = await this.#confirmCashOut(pending).catch((error) => {
      this.#o.log('cash-out not confirmed yet; retried in the background', error);
      this.#scheduleRecovery();
      return null;
    });
    return { ok: true, amount: taken.amount, balance };
  }

  /**
   * A cash-in's credit may be on the meter without being the player's yet (not posted, or its take-back
   * not known): nothing is played or cashed out until the recovery settles it.
   */
  #creditInDoubt(): Refused {
    this.#scheduleRecovery();
    return refusal(ErrorCode.MachineNotPlaying);
  }

  /** Presses wait while a cash-in's credit is in doubt (see cashOut). */
  pressRefusal(): Refused | null {
    return this.#o.journal.creditInDoubt ? this.#creditInDoubt() : null;
  }

  /** The seat ended here: its session is closed on the platform, now or by the recovery. */
  async closeSession(close: PendingClose): Promise<void> {
    this.#o.journal.closeQueued(close);
    await this.#confirmClose(close).catch((error) => {
      this.#o.log('closing the session failed; tried again every 5 s', error);
      this.#scheduleRecovery();
    });
  }

  /**
   * Sends the close of `sessionId` at once if this machine still owes it (the seat ended while the platform
   * was away); true if it did. Throws if the platform does not take it.
   */
  async closeNow(sessionId: string): Promise<boolean> {
    const close = this.#o.journal.owed().closes.find((owed) => owed.sessionId === sessionId);
    if (!close) return false;
    await this.#confirmClose(close);
    return true;
  }

  /**
   * The platform may hold a seat here that the machine never heard of: a join whose answer was lost (the
   * agent died before saving its seat, or the platform instance that opened it died before answering).
   * The platform is told which seat the machine holds, between two pieces of the host's work (so no join
   * is on its way), and closes any other with `reason` (docs/machine-protocol.md "Seats the agent never
   * heard of"). Tried again with the recovery until the platform answers.
   */
  async claimSeat(reason: SessionEndReason): Promise<void> {
    this.#seatClaim = reason;
    await this.#claimSeat().catch((error) => {
      this.#o.log('telling the platform which seat the machine holds failed; tried again every 5 s', error);
      this.#scheduleRecovery();
    });
  }

  async #claimSeat(): Promise<void> {
    const reason = this.#seatClaim;
    // A close still owed carries the seat's figures, which a close from here would lose: it goes first.
    if (!reason || this.#o.journal.owed().closes.length) return;
    const { closed } = await this.#o.serial(() =>
      this.#o.platform.seatHeld(this.#o.machineId, { sessionId: this.#o.seat()?.sessionId ?? null, reason }),
    );
    if (this.#seatClaim === reason) this.#seatClaim = null;
    if (closed.length) this.#o.log(`the platform held seats this machine never heard of; closed (${reason})`, closed);
  }

  /** A hand pay or jackpot: paid into the wallet through the ledger, once; then the cabinet unlocks. */
  async settle(settlement: CabinetSettlement, announce = true): Promise<void> {
    const seat = this.#o.seat();
    if (!seat) return;
    const kind = settlement.kind === 'JACKPOT' ? 'JACKPOT' : 'HAND_PAY';
    if (announce) this.#o.tell('info', { type: kind, amount: settlement.amount });
    try {
      const paid = await this.#o.platform.settle({
        settlementId: `m${this.#o.machineId}-${settlement.settlementId}`,
        sessionId: seat.sessionId,
        kind,
        amount: settlement.amount,
        ...(settlement.confirm ? { confirm: settlement.confirm } : {}),
      });
      if (paid.pending) {
        // Waits for a member of staff in the console; asked again at each recovery, and at once when the console confirms it.
        this.#scheduleRecovery();
        return;
      }
      await this.#o.serial(async () => {
        const released = await this.#o.cabinet.settled(settlement.settlementId);
        if (released.ok) this.#o.released();
        this.#o.tell('balance', { balance: paid.balance });
      });
    } catch (error) {
      // Locked until it is paid: tried again every 5 s and at the next start; the id keeps it exactly-once.
      this.#o.log(`settlement ${settlement.settlementId} failed; the machine stays locked and tries again`, error);
      this.#scheduleRecovery();
    }
  }

  /** The console confirmed a hand pay (docs/console.md "Hand pay"): the locked settlements are asked for again now. */
  async settleLocked(): Promise<void> {
    for (const settlement of this.#o.cabinet.state.lock?.pending ?? []) await this.settle(settlement, false);
  }

  /** Everything the machine owes the platform; what still fails is tried again every RECOVERY_EVERY_MS. */
  async recover(): Promise<void> {
    const { journal, cabinet, serial } = this.#o;
    this.#recovering = true;
    try {
      const owed = journal.owed();
      for (const pending of owed.cashOuts) await this.#confirmCashOut(pending).catch(() => {});
      for (const transferId of owed.applying) await serial(() => this.#resolveApply(transferId));
      for (const transferId of owed.takingBack) await serial(() => this.#resolveTakeBack(transferId));
      for (const transferId of owed.applied) await serial(() => this.#post(transferId));
      for (const transferId of owed.unsettled) await serial(() => this.#settleCashIn(transferId));
      for (const close of owed.closes) await this.#confirmClose(close).catch(() => {});
      await this.#claimSeat().catch(() => {});
      await this.settleLocked();
    } finally {
      this.#recovering = false;
    }
    if (journal.owedCount > 0 || cabinet.state.lock || this.#seatClaim) this.#scheduleRecovery();
  }

  /** One timer for everything still owed to the platform (idempotent calls: repeating is harmless). */
  #scheduleRecovery(): void {
    // During a pass, failures need no timer of their own: the pass counts what is owed at its end.
    if (this.#timers.has('recovery') || this.#recovering) return;
    this.#timers.set('recovery', RECOVERY_EVERY_MS, () => void this.recover());
  }

  async #confirmCashOut(pending: PendingCashOut): Promise<number> {
    const answer = await this.#o.platform.cashOut(pending.transferId, pending.sessionId, pending.amount);
    this.#o.journal.cashOutConfirmed(pending.transferId);
    return answer.balance;
  }

  async #confirmClose(close: PendingClose): Promise<void> {
    await this.#o.platform.closeSession(close.sessionId, close.figures);
    this.#o.journal.closeConfirmed(close.sessionId);
  }

  #refusalOf(error: unknown): Refused {
    return platformRefusal(error, this.#o.log);
  }
}
