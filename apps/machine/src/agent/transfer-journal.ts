import type { SessionCloseRequest } from '@reelcast/protocol';
import type { MachineState } from './machine-state-file.ts';

/**
 * Cash-ins whose answer a retry gets again (same id → same credit and balance, nothing applied twice):
 * the last 200, in memory and on disk alike, so a restart does not change what a retry is told.
 */
export const TRANSFER_MEMORY = 200;

/** A cash-out the machine took off its meter whose ledger movement has not been confirmed yet. */
export interface PendingCashOut {
  transferId: string;
  sessionId: string;
  amount: number;
}

/** A cash-in taken back off the meter after a failed post, whose outcome on the platform is unknown. */
export interface Unsettled {
  amount: number;
  sessionId: string;
}

/**
 * A cash-in whose post failed, on its way back off the meter under `takeBackId`: the cabinet has not
 * said yet whether it moved. `voided`: the platform said it voided the cash-in (else its outcome there is
 * unknown too, and the cash-in is settled once the credit is off the meter).
 */
export interface TakingBack extends Unsettled {
  takeBackId: string;
  voided: boolean;
}

/** A seat ended here whose session the platform has not closed yet. */
export interface PendingClose {
  sessionId: string;
  figures: SessionCloseRequest;
}

export interface CashInResult {
  credit: number;
  balance: number;
}

export type JournalState = Pick<
  MachineState,
  | 'pendingCashOuts'
  | 'transfers'
  | 'applying'
  | 'applied'
  | 'takingBack'
  | 'unsettled'
  | 'pendingCloses'
  | 'cashOutSerial'
  | 'takeBackSerial'
>;

/**
 * The money a machine has in flight between its meter and the ledger, and the session closes it owes
 * the platform (docs/game-socket.md "Rules", docs/crash-test.md "The machine's state file"). Each change is one step of the two-phase cash-in or the
 * cash-out, and each is saved (`save`: the machine's whole state file, with the meter the caller has
 * just changed) before the method returns: one write per change, so a crash after it finds both.
 */
export class TransferJournal {
  #pendingCashOuts: PendingCashOut[];
  /** Completed cash-ins by id, oldest first (the last TRANSFER_MEMORY). */
  #completed: Map<string, CashInResult>;
  /** Reserved cash-ins the cabinet could not say it applied or not (a real one's link was down). */
  #applying: Map<string, Unsettled>;
  /** Cash-ins on the meter whose post the platform has not confirmed yet: id → amount. */
  #applied: Map<string, number>;
  /** Failed cash-ins whose take-back off the meter the cabinet has not confirmed or denied. */
  #takingBack: Map<string, TakingBack>;
  #unsettled: Map<string, Unsettled>;
  #pendingCloses: PendingClose[];
  #cashOutSerial: number;
  #takeBackSerial: number;
  readonly #save: () => void;

  constructor(save: () => void, saved?: JournalState) {
    this.#save = save;
    this.#pendingCashOuts = saved ? [...saved.pendingCashOuts] : [];
    this.#completed = new Map(Object.entries(saved?.transfers ?? {}));
    this.#applying = new Map(Object.entries(saved?.applying ?? {}));
    this.#applied = new Map(Object.entries(saved?.applied ?? {}));
    this.#takingBack = new Map(Object.entries(saved?.takingBack ?? {}));
    this.#unsettled = new Map(Object.entries(saved?.unsettled ?? {}));
    this.#pendingCloses = saved ? [...saved.pendingCloses] : [];
    this.#cashOutSerial = saved?.cashOutSerial ?? 0;
    this.#takeBackSerial = saved?.takeBackSerial ?? 0;
  }

  // Cash-in: reserve (platform) → applied (meter) → posted, or → taking back → unsettled → settled; an
  // apply or a take-back the cabinet could not confirm waits (`applying`, `takingBack`) until it says.

  /** What a retry of this completed cash-in is told, if it is remembered. */
  completed(transferId: string): CashInResult | undefined {
    return this.#completed.get(transferId);
  }

  /** The credit of this cash-in is on the meter, its post not confirmed: the amount, else undefined. */
  appliedAmount(transferId: string): number | undefined {
    return this.#applied.get(transferId);
  }

  unsettled(transferId: string): Unsettled | undefined {
    return this.#unsettled.get(transferId);
  }

  /** A reserved cash-in the cabinet has not confirmed or denied it applied: the cabinet is asked until it says. */
  applying(transferId: string): Unsettled | undefined {
    return this.#applying.get(transferId);
  }

  /**
   * The reserved cash-in goes to the cabinet now. Saved before the request leaves: an agent killed before
   * the answer finds it at its next start and asks the cabinet (a real machine may have taken it).
   */
  applySent(transferId: string, pending: Unsettled): void {
    this.#applying.set(transferId, pending);
    this.#save();
  }

  /** The cabinet said: the credit is on the meter (then it is posted as any applied cash-in), or it never got there. */
  applyResolved(transferId: string, applied: boolean): void {
    const pending = this.#applying.get(transferId);
    this.#applying.delete(transferId);
    if (applied && pending) this.#applied.set(transferId, pending.amount);
    this.#save();
  }

  /** The reserved cash-in's credit went on the meter. */
  applied(transferId: string, amount: number): void {
    this.#applying.delete(transferId);
    this.#applied.set(transferId, amount);
    this.#save();
  }

  /** The platform posted the cash-in: remembered for its retries. */
  posted(transferId: string, result: CashInResult): void {
    this.#applied.delete(transferId);
    this.#remember(transferId, result);
    this.#save();
  }

  takingBack(transferId: string): TakingBack | undefined {
    return this.#takingBack.get(transferId);
  }

  /**
   * The post failed: the credit goes back off the meter under a take-back id of its own (a refused
   * take-back's id is not sent again). Saved before the request leaves: an agent killed before the answer
   * finds it at its next start and asks the cabinet.
   */
  takeBackSent(transferId: string, outcome: { voided: boolean; sessionId: string }): TakingBack {
    this.#takeBackSerial++;
    const taking = {
      amount: this.#applied.get(transferId) ?? 0,
      ...outcome,
      takeBackId: `${transferId}-takeback${this.#takeBackSerial}`,
    };
    this.#applied.delete(transferId);
    this.#takingBack.set(transferId, taking);
    this.#save();
    return taking;
  }

  /**
   * The cabinet said whether the credit left the meter. It did: voided on the platform, the money is back
   * in the wallet; otherwise the cash-in waits to be settled. It did not: the credit is on the meter, the
   * cash-in applied and unposted as before (posted or taken back again by the recovery).
   */
  takeBackResolved(transferId: string, taken: boolean): void {
    const taking = this.#takingBack.get(transferId);
    if (!taking) return;
    this.#takingBack.delete(transferId);
    if (!taken) this.#applied.set(transferId, taking.amount);
    else if (!taking.voided) this.#unsettled.set(transferId, { amount: taking.amount, sessionId: taking.sessionId });
    this.#save();
  }

  /** Credit on the meter may belong to no one yet (a cash-in not posted, or whose take-back is not known): no play, no cash-out. */
  get creditInDoubt(): boolean {
    return this.#applying.size + this.#applied.size + this.#takingBack.size > 0;
  }

  /** An unsettled cash-in was voided: the money is in the wallet. */
  settledVoided(transferId: string): void {
    this.#unsettled.delete(transferId);
    this.#save();
  }

  /** An unsettled cash-in had been posted after all, and its seat is still there: the credit is back on the meter. */
  settledPosted(transferId: string, result: CashInResult): void {
    this.#unsettled.delete(transferId);
    this.#remember(transferId, result);
    this.#save();
  }

  /**
   * An unsettled cash-in had been posted after all, but its seat has ended: the money goes back to the
   * player's wallet as a cash-out, never to the meter.
   */
  settledReturned(transferId: string): PendingCashOut | undefined {
    const unsettled = this.#unsettled.get(transferId);
    if (!unsettled) return undefined;
    this.#unsettled.delete(transferId);
    const back = { transferId: `${transferId}-back`, sessionId: unsettled.sessionId, amount: unsettled.amount };
    this.#pendingCashOuts.push(back);
    this.#save();
    return back;
  }

  // Cash-out: taken off the meter → confirmed by the ledger.

  /** The id the next cash-out of this session gets: the cabinet moves the credit under it, then cashOutTaken. */
  nextCashOutId(machineId: number, sessionId: string): string {
    return `m${machineId}-s${sessionId}-out${this.#cashOutSerial + 1}`;
  }

  /** `amount` left the meter for the wallet of the session's player (under nextCashOutId). */
  cashOutTaken(machineId: number, sessionId: string, amount: number): PendingCashOut {
    const pending = { transferId: this.nextCashOutId(machineId, sessionId), sessionId, amount };
    this.#cashOutSerial++;
    this.#pendingCashOuts.push(pending);
    this.#save();
    return pending;
  }

  cashOutConfirmed(transferId: string): void {
    this.#pendingCashOuts = this.#pendingCashOuts.filter((p) => p.transferId !== transferId);
    this.#save();
  }

  // Session close: queued when the seat ends → confirmed by the platform.

  closeQueued(close: PendingClose): void {
    this.#pendingCloses.push(close);
    this.#save();
  }

  closeConfirmed(sessionId: string): void {
    this.#pendingCloses = this.#pendingCloses.filter((c) => c.sessionId !== sessionId);
    this.#save();
  }

  /** What is still owed to the platform, each a copy (recovery works through them while they change). */
  owed(): {
    cashOuts: PendingCashOut[];
    applying: string[];
    applied: string[];
    takingBack: string[];
    unsettled: string[];
    closes: PendingClose[];
  } {
    return {
      cashOuts: [...this.#pendingCashOuts],
      applying: [...this.#applying.keys()],
      applied: [...this.#applied.keys()],
      takingBack: [...this.#takingBack.keys()],
      unsettled: [...this.#unsettled.keys()],
      closes: [...this.#pendingCloses],
    };
  }

  /** How many things are still owed to the platform. */
  get owedCount(): number {
    return (
      this.#pendingCashOuts.length +
      this.#applying.size +
      this.#applied.size +
      this.#takingBack.size +
      this.#unsettled.size +
      this.#pendingCloses.length
    );
  }

  /** The journal's part of the state file. */
  toState(): JournalState {
    return {
      pendingCashOuts: this.#pendingCashOuts,
      transfers: Object.fromEntries(this.#completed),
      applying: Object.fromEntries(this.#applying),
      applied: Object.fromEntries(this.#applied),
      takingBack: Object.fromEntries(this.#takingBack),
      unsettled: Object.fromEntries(this.#unsettled),
      pendingCloses: this.#pendingCloses,
      cashOutSerial: this.#cashOutSerial,
      takeBackSerial: this.#takeBackSerial,
    };
  }

  /** A completed cash-in, remembered for its retries; the oldest is forgotten past TRANSFER_MEMORY. */
  #remember(transferId: string, result: CashInResult): void {
    this.#completed.delete(transferId);
    this.#completed.set(transferId, result);
    for (const oldest of this.#completed.keys()) {
      if (this.#completed.size <= TRANSFER_MEMORY) break;
      this.#completed.delete(oldest);
    }
  }
}
