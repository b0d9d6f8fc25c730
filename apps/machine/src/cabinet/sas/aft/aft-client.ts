import { aftLock, LockCode, LockStatus, TransferCondition, type AftStatus } from '../long-polls/aft-lock.ts';
import { aftRegister, RegistrationCode, RegistrationStatus, type AftIdentity } from '../long-polls/aft-register.ts';
import {
  aftInterrogate,
  aftTransfer,
  TransferFlag,
  transferStatusKind,
  TransferType,
  type TransferRecord,
} from '../long-polls/aft-transfer.ts';
import type { PollFailure } from '../poller.ts';
import type { Scheduler } from '../scheduler.ts';
import type { AftOutcome, RegistrationOutcome } from './aft-outcome.ts';
import type { LongPollQueue } from './long-poll-queue.ts';
import { transactionIdOf } from './transaction-id.ts';
import { TransferResolver, type ResolverTiming } from './transfer-resolver.ts';

export interface AftClientOptions extends AftIdentity, Partial<ResolverTiming> {
  scheduler: Scheduler;
  /** How long the machine holds its lock for the transfer (sent in long poll 74), and the wait for it. */
  lockTimeoutMs?: number;
}

/** The largest amount 72 carries: 5 BCD bytes of cents. */
const MAX_AMOUNT = 9_999_999_999;

/**
 * Reelcast's money across the machine boundary by SAS AFT (docs/sas.md "AFT"): each transfer locks the
 * machine (74), moves cashable credit in full or not at all (72) under a transaction id derived from
 * the Reelcast transfer id, and settles every lost, garbled or pending answer by asking the machine.
 */
export class AftClient {
  readonly #queue: LongPollQueue;
  readonly #identity: AftIdentity;
  readonly #scheduler: Scheduler;
  readonly #lockTimeoutMs: number;
  readonly #resolver: TransferResolver;

  constructor(queue: LongPollQueue, options: AftClientOptions) {
    this.#queue = queue;
    this.#identity = { assetNumber: options.assetNumber, registrationKey: options.registrationKey, posId: options.posId };
    this.#scheduler = options.scheduler;
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 5_000;
    this.#resolver = new TransferResolver(queue, options.scheduler, {
      linkWaitMs: options.linkWaitMs ?? 5_000,
      pendingLimitMs: options.pendingLimitMs ?? 30_000,
    });
  }

  /** §8.1: reads the registration; if it is not this host's, initialises and registers. */
  async register(): Promise<RegistrationOutcome> {
    const current = await this.#queue.request(aftRegister(RegistrationCode.read));
    if (!current.ok) return { status: 'unknown', reason: current.reason };
    if (current.value.status === RegistrationStatus.registered && this.#isOurs(current.value)) return { status: 'registered' };
    const initialised = await this.#queue.request(aftRegister(RegistrationCode.initialize, this.#identity));
    if (!initialised.ok) return { status: 'unknown', reason: initialised.reason };
    if (initialised.value.status !== RegistrationStatus.ready) return { status: 'refused', registrationStatus: initialised.value.status };
    const registered = await this.#queue.request(aftRegister(RegistrationCode.register, this.#identity));
    if (!registered.ok) return { status: 'unknown', reason: registered.reason };
    return registered.value.status === RegistrationStatus.registered && this.#isOurs(registered.value)
      ? { status: 'registered' }
      : { status: 'refused', registrationStatus: registered.value.status };
  }

  /** In-house cashable credit to the machine (transfer type 00). */
  cashIn(transferId: string, amount: number): Promise<AftOutcome> {
    return this.#move(transferId, amount, TransferType.inHouseToMachine, TransferCondition.toMachine);
  }

  /** Cashable credit from the machine to the host (transfer type 80). */
  cashOut(transferId: string, amount: number): Promise<AftOutcome> {
    return this.#move(transferId, amount, TransferType.inHouseToHost, TransferCondition.fromMachine);
  }

  /**
   * All the machine's cashable credit to the host: the amount is the one the machine reports under its
   * lock (74), when no game can change it. A machine without credit is not locked: `completed` with 0.
   */
  async cashOutAll(transferId: string): Promise<AftOutcome> {
    const transactionId = transactionIdOf(transferId);
    const status = await this.#queue.request(aftLock(LockCode.interrogate));
    if (!status.ok) return { status: 'not-sent', transactionId, reason: status.reason };
    if (status.value.cashable === 0) return { status: 'completed', transactionId, amount: 0 };
    return this.#move(transferId, 'all', TransferType.inHouseToHost, TransferCondition.fromMachine);
  }

  /** After a restart: what the machine says became of a transfer, followed until final if it is pending. */
  resolveInFlight(transferId: string): Promise<AftOutcome> {
    return this.#resolver.resolve(transactionIdOf(transferId));
  }

  async #move(transferId: string, amount: number | 'all', transferType: number, condition: number): Promise<AftOutcome> {
    if (amount !== 'all' && (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT))
      throw new RangeError(`not an AFT amount: ${amount}`);
    const transactionId = transactionIdOf(transferId);
    const lock = await this.#lock(condition);
    if (typeof lock === 'string') return { status: 'not-sent', transactionId, reason: lock };
    if (lock.lockStatus !== LockStatus.locked) {
      await this.#queue.request(aftLock(LockCode.cancel));
      return { status: 'refused', transactionId, stage: 'lock', code: lock.lockStatus };
    }
    const cashable = amount === 'all' ? lock.cashable : amount;
    if (cashable === 0) {
      await this.#queue.request(aftLock(LockCode.cancel));
      return { status: 'completed', transactionId, amount: 0 };
    }
    const { assetNumber, registrationKey } = this.#identity;
    const request = { transferType, cashable, flags: TransferFlag.acceptOnlyIfLocked, assetNumber, registrationKey, transactionId };
    const answer = await this.#queue.request(aftTransfer(request));
    const outcome = answer.ok ? await this.#settle(answer.value, transactionId) : await this.#resolver.resolve(transactionId);
    if (outcome.status === 'refused') await this.#queue.request(aftLock(LockCode.cancel));
    return outcome;
  }

  /** The transfer's own answer settles it unless it is pending, not about this transfer, or 81 (already done). */
  async #settle(record: TransferRecord, transactionId: string): Promise<AftOutcome> {
    const ours = record.details?.transactionId === transactionId;
    const kind = transferStatusKind(record.status);
    if (kind === 'incompatible') return { status: 'refused', transactionId, stage: 'transfer', code: record.status };
    if (!ours || kind === 'no-information' || record.status === 0x81) return this.#resolver.resolve(transactionId);
    const settled = this.#resolver.settle(record, transactionId);
    if (!settled) return this.#resolver.resolve(transactionId);
    // SAS 6.02 p. 8-17: a final transfer stays current, and blocks the next one (C0), until the host
    // interrogates it. Queued, not awaited: the outcome is known now, and the poll loop sends it before
    // any later poll. Unanswered, the machine keeps raising 69 and the next interrogation does it.
    void this.#queue.request(aftInterrogate(0));
    return settled;
  }

  /** Locks the machine for the transfer: the status it ended in (its lock, its credit), or why no answer came. */
  async #lock(condition: number): Promise<AftStatus | PollFailure> {
    const deadline = this.#scheduler.now() + this.#lockTimeoutMs;
    let answer = await this.#queue.request(aftLock(LockCode.requestLock, condition, this.#lockTimeoutMs));
    while (answer.ok && answer.value.lockStatus === LockStatus.pending && this.#scheduler.now() < deadline) {
      answer = await this.#queue.request(aftLock(LockCode.interrogate));
    }
    return answer.ok ? answer.value : answer.reason;
  }

  #isOurs(registration: AftIdentity): boolean {
    const { assetNumber, registrationKey, posId } = this.#identity;
    return (
      registration.assetNumber === assetNumber &&
      registration.posId === posId &&
      registration.registrationKey.every((byte, i) => byte === registrationKey[i])
    );
  }
}
