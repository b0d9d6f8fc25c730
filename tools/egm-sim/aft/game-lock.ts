import { Exception } from '../machine/exception-codes.ts';
import type { AftMachine } from './aft-machine.ts';

export const LockStatus = { Locked: 0x00, Pending: 0x40, NotLocked: 0xff } as const;

/** Transfer condition bits of long poll 74: lock only when each condition asked for is true. */
const Condition = { ToMachine: 0x01, FromMachine: 0x02 } as const;

/**
 * The AFT game lock of long poll 74. It lives in RAM only (a power loss releases it). A lock asked for while a game
 * is being played, or while a condition asked for is false, is pending and taken when it can be (exception 6F
 * when it is taken). It ends when its timeout runs out, when the host cancels it, or when a transfer completes.
 */
export class GameLock {
  private status: number = LockStatus.NotLocked;
  private conditions = 0;
  private timeoutMs = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly machine: AftMachine) {}

  get lockStatus(): number {
    return this.status;
  }

  get isLocked(): boolean {
    return this.status === LockStatus.Locked;
  }

  /** timeout: hundredths of a second, as the long poll gives it. */
  request(conditions: number, timeoutHundredths: number): void {
    if (timeoutHundredths === 0) return this.release();
    this.conditions = conditions;
    this.timeoutMs = timeoutHundredths * 10;
    if (this.status === LockStatus.Locked) return this.startTimer();
    this.status = LockStatus.Pending;
    this.retry();
  }

  /** A pending lock is taken when the machine becomes able to honour it (a game ended, a door closed). */
  retry(): void {
    if (this.status !== LockStatus.Pending || !this.conditionsMet()) return;
    this.status = LockStatus.Locked;
    this.machine.exceptions.add(Exception.GameLocked);
    this.machine.commit();
    this.startTimer();
  }

  release(): void {
    this.status = LockStatus.NotLocked;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  availableTransfers(): number {
    let bits = 0;
    if (this.machine.canTransferIn()) bits |= Condition.ToMachine;
    if (this.machine.canTransferOut() && this.machine.state.credits > 0) bits |= Condition.FromMachine;
    return bits;
  }

  private conditionsMet(): boolean {
    if (this.machine.gameInProgress()) return false;
    return (this.availableTransfers() & this.conditions) === this.conditions;
  }

  private startTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.release(), this.timeoutMs);
  }
}
