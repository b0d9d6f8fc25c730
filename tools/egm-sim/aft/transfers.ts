import { Exception } from '../machine/exception-codes.ts';
import type { Transfer } from '../machine/state.ts';
import { ZERO_KEY } from '../machine/state.ts';
import { isSuccess, TransferStatus, TransferType, type AftMachine } from './aft-machine.ts';
import type { GameLock } from './game-lock.ts';
import { isRegistered } from './registration.ts';
import { FLAG_LOCK_REQUIRED, TransferCode, type TransferRequest } from './transfer-request.ts';

/** What the fault plan asks of the next accepted transfer (faults.ts). */
export type TransferFault = { kind: 'pending'; polls: number } | { kind: 'powerLoss'; offMs: number | null; applied: boolean } | null;

export type TransferReply =
  | { kind: 'record'; record: Transfer; onAck?: () => void }
  | { kind: 'short'; status: number }
  | { kind: 'noInformation'; index: number }
  | { kind: 'powerLoss'; offMs: number | null };

const PRINTABLE = /^[\x20-\x7e]{1,20}$/;

/**
 * AFT transfers in-house to and from the machine (long poll 72), with the current transaction and its history
 * buffer kept in NVRAM. A transfer is final when the machine says so (status 00/01, or a refusal); it stays the
 * current transaction, and exception 69 keeps being raised, until the host acknowledges it with an interrogation
 * (transfer code FF). Only then does a successful transfer enter the history buffer and a new one become possible.
 */
export class AftTransfers {
  constructor(
    private readonly machine: AftMachine,
    private readonly lock: GameLock,
    private readonly takeFault: () => TransferFault,
  ) {}

  get current(): Transfer | null {
    return this.machine.state.aft.current;
  }

  get isPending(): boolean {
    return this.current?.status === TransferStatus.Pending;
  }

  request(request: TransferRequest): TransferReply {
    const current = this.current;
    if (current !== null && !current.acknowledged) {
      // The same request again (the host lost the answer): its status, without doing it twice.
      if (isSameRequest(current, request)) return { kind: 'record', record: current };
      return { kind: 'short', status: TransferStatus.NotCompatible };
    }
    const record: Transfer = {
      transactionId: request.transactionId ?? '',
      type: request.type,
      code: request.code,
      status: TransferStatus.Pending,
      requestedCents: request.cashableCents ?? 0,
      cashableCents: request.cashableCents ?? 0,
      flags: request.flags & 0xf8,
      assetNumber: request.assetNumber,
      position: 0,
      completedAt: null,
      cumulativeCents: null,
      pendingPolls: null,
      acknowledged: false,
    };
    const refusal = this.refusal(request);
    if (refusal !== null) return { kind: 'record', record: this.refuse(record, refusal) };
    record.cashableCents = this.amountFor(request);
    this.machine.state.aft.current = record;
    const fault = this.takeFault();
    if (fault?.kind === 'pending') {
      record.pendingPolls = fault.polls;
      this.machine.commit();
      return { kind: 'record', record };
    }
    if (fault?.kind === 'powerLoss') {
      if (fault.applied) this.finalize(record);
      else this.machine.commit();
      return { kind: 'powerLoss', offMs: fault.offMs };
    }
    this.finalize(record);
    return { kind: 'record', record };
  }

  interrogate(index: number, acknowledge: boolean): TransferReply {
    if (index !== 0) return this.fromHistory(index);
    const current = this.current;
    if (current === null) return { kind: 'noInformation', index: 0 };
    const done = current.status !== TransferStatus.Pending && !current.acknowledged;
    return { kind: 'record', record: current, onAck: acknowledge && done ? () => this.acknowledge(current) : undefined };
  }

  cancel(): TransferReply {
    const current = this.current;
    if (current === null) return { kind: 'noInformation', index: 0 };
    if (current.status === TransferStatus.Pending) this.end(current, TransferStatus.CancelledByHost);
    return { kind: 'record', record: current };
  }

  /** A poll addressed to the machine: a transfer held pending by a fault counts down, then becomes final. */
  onPoll(): void {
    const current = this.current;
    if (current?.status !== TransferStatus.Pending || current.pendingPolls === null) return;
    if (current.pendingPolls > 0) {
      current.pendingPolls--;
      this.machine.commit();
    } else {
      this.finalize(current);
    }
  }

  /** After a power loss: a transfer still pending did not move money, and ends as failed; a final one is reported again. */
  recover(): void {
    const current = this.current;
    if (current === null || current.acknowledged) return;
    if (current.status === TransferStatus.Pending) this.end(current, TransferStatus.UnexpectedError);
    else this.machine.exceptions.add(Exception.AftTransferComplete);
  }

  get unacknowledgedFinal(): boolean {
    const current = this.current;
    return current !== null && !current.acknowledged && current.status !== TransferStatus.Pending;
  }

  private refusal(request: TransferRequest): number | null {
    const { machine } = this;
    const { state, config } = machine;
    const last = state.aft.history.at(-1);
    const inbound = request.type === TransferType.InHouseToMachine;
    const creditsCents = state.credits * config.denominationCents;
    const full = request.code === TransferCode.Full;
    const cents = request.cashableCents;
    if (request.index !== 0) return TransferStatus.NotValidFunction;
    if (request.type !== TransferType.InHouseToMachine && request.type !== TransferType.InHouseToHost)
      return TransferStatus.NotValidFunction;
    if (request.transactionId === null || !PRINTABLE.test(request.transactionId)) return TransferStatus.IdNotValid;
    if (last !== undefined && last.transactionId === request.transactionId) return TransferStatus.IdNotUnique;
    if (request.assetNumber === 0 || request.assetNumber !== config.assetNumber) return TransferStatus.AssetMismatch;
    if (request.flags & FLAG_LOCK_REQUIRED && !this.lock.isLocked) return TransferStatus.NotLocked;
    if (request.registrationKey !== ZERO_KEY) {
      if (!isRegistered(machine)) return TransferStatus.NotRegistered;
      if (request.registrationKey !== state.aft.registration.key) return TransferStatus.KeyMismatch;
    }
    if (cents === null || request.restrictedCents === null || request.nonRestrictedCents === null) return TransferStatus.NotValidAmount;
    if (request.restrictedCents > 0 || request.nonRestrictedCents > 0) return TransferStatus.NotValidFunction;
    if (cents % config.denominationCents !== 0) return TransferStatus.NotDenominationMultiple;
    if (inbound) {
      if (!machine.canTransferIn()) return TransferStatus.UnableNow;
      if (full && (cents > config.transferLimitCents || creditsCents + cents > config.creditLimitCents)) return TransferStatus.ExceedsLimit;
    } else {
      if (!machine.canTransferOut()) return TransferStatus.UnableNow;
      if (full && cents > config.transferLimitCents) return TransferStatus.ExceedsLimit;
      if (full && cents > creditsCents) return TransferStatus.NotValidFunction;
    }
    return null;
  }

  private amountFor(request: TransferRequest): number {
    const { state, config } = this.machine;
    const requested = request.cashableCents ?? 0;
    if (request.code === TransferCode.Full) return requested;
    const creditsCents = state.credits * config.denominationCents;
    const room = request.type === TransferType.InHouseToMachine ? config.creditLimitCents - creditsCents : creditsCents;
    const cents = Math.max(0, Math.min(requested, config.transferLimitCents, room));
    return cents - (cents % config.denominationCents);
  }

  private refuse(record: Transfer, status: number): Transfer {
    record.status = status;
    record.cashableCents = 0;
    record.completedAt = Date.now();
    // A refusal moved no money: it is final, and a new transfer may follow at once.
    record.acknowledged = true;
    this.machine.state.aft.current = record;
    this.machine.commit();
    return record;
  }

  /** The transfer happens: credits and meters move, in the same NVRAM write as the final status. */
  private finalize(record: Transfer): void {
    const { state, config } = this.machine;
    const credits = record.cashableCents / config.denominationCents;
    if (record.type === TransferType.InHouseToMachine) {
      state.credits += credits;
      state.meters.drop += credits;
      state.meters.aftInCents += record.cashableCents;
      if (record.cashableCents > 0) state.meters.aftInCount++;
      record.cumulativeCents = state.meters.aftInCents;
    } else {
      state.credits -= credits;
      state.meters.aftOutCents += record.cashableCents;
      if (record.cashableCents > 0) state.meters.aftOutCount++;
      record.cumulativeCents = state.meters.aftOutCents;
    }
    const partial = record.code === TransferCode.PartialAllowed && record.cashableCents < record.requestedCents;
    if (record.cashableCents > 0) record.position = state.aft.nextPosition;
    this.end(record, partial ? TransferStatus.PartialSuccess : TransferStatus.FullSuccess);
  }

  private end(record: Transfer, status: number): void {
    record.status = status;
    if (!isSuccess(status)) record.cashableCents = 0;
    record.pendingPolls = null;
    record.completedAt = Date.now();
    this.lock.release();
    this.machine.exceptions.add(Exception.AftTransferComplete);
    this.machine.commit();
  }

  private acknowledge(record: Transfer): void {
    const { state, config } = this.machine;
    if (record !== state.aft.current || record.acknowledged) return;
    record.acknowledged = true;
    if (isSuccess(record.status) && record.position > 0) {
      state.aft.history = [...state.aft.history.filter((entry) => entry.position !== record.position), { ...record }].slice(
        -config.historySize,
      );
      state.aft.nextPosition = (record.position % config.historySize) + 1;
    }
    this.machine.exceptions.removePriority(Exception.AftTransferComplete);
    this.machine.commit();
  }

  private fromHistory(index: number): TransferReply {
    const history = this.machine.state.aft.history;
    const record = index < 0x80 ? history.find((entry) => entry.position === index) : history[history.length - 1 - (0xff - index)];
    return record === undefined ? { kind: 'noInformation', index } : { kind: 'record', record };
  }
}

function isSameRequest(current: Transfer, request: TransferRequest): boolean {
  return (
    current.transactionId === request.transactionId && current.type === request.type && current.requestedCents === request.cashableCents
  );
}
