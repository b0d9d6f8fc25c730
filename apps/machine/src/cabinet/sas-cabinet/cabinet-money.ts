import { aftInterrogate, type AftClient, type AftOutcome, type LongPollQueue } from '../sas/index.ts';
import type { TransferOutcome } from './outcomes.ts';

type Direction = 'in' | 'out';

interface Known {
  /** null: resolved from the journal, direction not known here. */
  direction: Direction | null;
  amount: number | null;
  outcome: TransferOutcome;
}

/** Outcomes remembered for repeats of a transfer id (the agent's journal keeps as many). */
const MEMORY = 200;

/**
 * The cabinet's money across the SAS boundary (docs/cabinets.md "Money"): one transfer at a time,
 * idempotent by transfer id (a repeat gets the first final outcome; a repeat of an unknown one asks
 * the machine instead of sending again), and every transfer left unknown resolved by interrogation.
 */
export class CabinetMoney {
  readonly #known = new Map<string, Known>();
  readonly #running = new Map<string, { direction: Direction; amount: number | null; outcome: Promise<TransferOutcome> }>();
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;

  constructor(
    private readonly aft: AftClient,
    private readonly queue: LongPollQueue,
  ) {}

  /** Cashable credit to the machine, in minor units. */
  applyCredit(transferId: string, amount: number): Promise<TransferOutcome> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`not an amount in minor units: ${amount}`);
    return this.#once(transferId, 'in', amount, () => this.aft.cashIn(transferId, amount));
  }

  /** All the machine's cashable credit to the host, or exactly `amount` of it (minor units). */
  takeCredit(transferId: string, amount?: number): Promise<TransferOutcome> {
    if (amount === undefined) return this.#once(transferId, 'out', null, () => this.aft.cashOutAll(transferId));
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`not an amount in minor units: ${amount}`);
    return this.#once(transferId, 'out', amount, () => this.aft.cashOut(transferId, amount));
  }

  /** What became of a transfer: its final outcome if known here, else what the machine says now. */
  resolveTransfer(transferId: string): Promise<TransferOutcome> {
    const known = this.#known.get(transferId);
    if (known && known.outcome.status !== 'unknown') return Promise.resolve(known.outcome);
    return this.#serial(async () => {
      const outcome = withId(await this.aft.resolveInFlight(transferId), transferId);
      this.#remember(transferId, { direction: known?.direction ?? null, amount: known?.amount ?? null, outcome });
      return outcome;
    });
  }

  /** After a 69 with no transfer of ours running: acknowledge whatever final transfer the machine holds. */
  acknowledgeIfIdle(): void {
    if (this.#pending === 0) void this.#serial(() => this.queue.request(aftInterrogate(0)));
  }

  #once(transferId: string, direction: Direction, amount: number | null, send: () => Promise<AftOutcome>): Promise<TransferOutcome> {
    const running = this.#running.get(transferId);
    if (running) {
      checkSame(transferId, running, direction, amount);
      return running.outcome;
    }
    const known = this.#known.get(transferId);
    if (known) {
      checkSame(transferId, known, direction, amount);
      return known.outcome.status === 'unknown' ? this.resolveTransfer(transferId) : Promise.resolve(known.outcome);
    }
    const outcome = this.#serial(async () => {
      const settled = withId(await send(), transferId);
      this.#remember(transferId, { direction, amount, outcome: settled });
      return settled;
    });
    this.#running.set(transferId, { direction, amount, outcome });
    const forget = () => this.#running.delete(transferId);
    outcome.then(forget, forget);
    return outcome;
  }

  #remember(transferId: string, known: Known): void {
    this.#known.delete(transferId);
    this.#known.set(transferId, known);
    if (this.#known.size > MEMORY) this.#known.delete(this.#known.keys().next().value!);
  }

  /** One money operation at a time: a transfer's lock, transfer and interrogations never interleave with another's. */
  #serial<T>(operation: () => Promise<T>): Promise<T> {
    this.#pending++;
    const next = this.#tail.then(operation);
    const done = () => void this.#pending--;
    this.#tail = next.then(done, done);
    return next;
  }
}

const withId = (outcome: AftOutcome, transferId: string): TransferOutcome => ({ ...outcome, transferId });

/** The same transfer id with another direction or amount is a caller's mistake, never a second transfer. */
function checkSame(
  transferId: string,
  earlier: { direction: Direction | null; amount: number | null },
  direction: Direction,
  amount: number | null,
) {
  if (
    (earlier.direction !== null && earlier.direction !== direction) ||
    (amount !== null && earlier.amount !== null && earlier.amount !== amount)
  ) {
    throw new Error(`transfer ${transferId} was already asked for with another direction or amount`);
  }
}
