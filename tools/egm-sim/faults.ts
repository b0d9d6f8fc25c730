import type { TransferFault } from './aft/transfers.ts';

export interface ShapedAnswer {
  bytes: Uint8Array;
  delayMs: number;
}

/**
 * The failures the control channel arms (tools/egm-sim/README.md "Faults"). Each is used up by the answers or the
 * transfer it applies to; the machine's own state never sees them, only what crosses the wire does.
 */
export class FaultPlan {
  private drops = 0;
  private corruptions = 0;
  private delay = { ms: 0, count: 0 };
  private transferFault: TransferFault = null;

  dropAnswers(count: number): void {
    this.drops = count;
  }

  corruptCrc(count: number): void {
    this.corruptions = count;
  }

  delayAnswers(ms: number, count: number): void {
    this.delay = { ms, count };
  }

  holdNextTransfer(polls: number): void {
    this.transferFault = { kind: 'pending', polls };
  }

  /** offMs null: the power stays off until the control channel turns it on. */
  powerLossOnNextTransfer(offMs: number | null, applied: boolean): void {
    this.transferFault = { kind: 'powerLoss', offMs, applied };
  }

  clear(): void {
    this.drops = 0;
    this.corruptions = 0;
    this.delay = { ms: 0, count: 0 };
    this.transferFault = null;
  }

  takeTransferFault(): TransferFault {
    const fault = this.transferFault;
    this.transferFault = null;
    return fault;
  }

  /** What actually leaves the machine for an answer: nothing, the bytes with a broken CRC, or the bytes late. */
  shape(answer: Uint8Array): ShapedAnswer | null {
    if (this.drops > 0) {
      this.drops--;
      return null;
    }
    let bytes = answer;
    // Only answers longer than one byte carry a CRC; a corruption waits for the next one that does.
    if (this.corruptions > 0 && answer.length > 2) {
      this.corruptions--;
      bytes = Uint8Array.from(answer);
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
      bytes[bytes.length - 2] = bytes[bytes.length - 2]! ^ 0xff;
    }
    let delayMs = 0;
    if (this.delay.count > 0) {
      this.delay.count--;
      delayMs = this.delay.ms;
    }
    return { bytes, delayMs };
  }

  snapshot(): object {
    return { dropAnswers: this.drops, corruptCrc: this.corruptions, delayAnswers: { ...this.delay }, nextTransfer: this.transferFault };
  }
}
