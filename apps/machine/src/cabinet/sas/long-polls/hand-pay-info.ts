import { FieldReader, typeR, type LongPoll } from './long-poll.ts';

/** Levels of long poll 1B: 01-20 a progressive level (highest first), 40 a win, 80 canceled credits. */
export const HandPayLevel = { nonProgressiveWin: 0x40, canceledCredits: 0x80 } as const;

export interface HandPayInfo {
  progressiveGroup: number;
  level: number;
  /** Credits of the accounting denomination, except for a progressive level (01-20): cents. */
  amount: number;
  /** Credits of the accounting denomination. */
  partialPay: number;
  resetId: number;
}

/**
 * Long poll 1B "send handpay information": progressive group, level, amount (5 BCD), partial pay
 * (2 BCD), reset id and 10 bytes not used, 24 bytes with the CRC. All zeros when no hand pay is pending.
 */
export const handPayInfo: LongPoll<HandPayInfo> = {
  name: '1B hand pay information',
  command: 0x1b,
  answer: { kind: 'fixed', length: 24 },
  frame: (address) => typeR(address, 0x1b),
  parse(answer) {
    const data = new FieldReader(answer, 2);
    return { progressiveGroup: data.byte(), level: data.byte(), amount: data.bcd(5), partialPay: data.bcd(2), resetId: data.byte() };
  },
};

/** Whether the 1B amount is in cents (a progressive level) rather than credits. */
export const isProgressiveLevel = (level: number) => level >= 0x01 && level <= 0x20;
