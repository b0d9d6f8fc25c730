import { describe, expect, it } from 'vitest';
import { memoText, readMemo, type Memo } from './transaction-memos.ts';

describe('transaction memos', () => {
  const memos: [Memo, string][] = [
    [{ kind: 'rebate', promotion: 'discount', percent: 10, netLoss: 4000 }, 'discount: 10% of net loss 4000'],
    [{ kind: 'rebate', promotion: 'bonus', percent: 7.5, netLoss: 123 }, 'bonus: 7.5% of net loss 123'],
    [
      { kind: 'weekly', week: '2026-W47', percent: 15, netLoss: 100000, cap: 150000 },
      'weekly bonus 2026-W47: 15% of net loss 100000, payout cap 150000',
    ],
    [{ kind: 'machine', movement: 'cashInReserve', machineId: 8 }, 'cash in reserve, machine 8'],
    [{ kind: 'machine', movement: 'cashIn', machineId: 8 }, 'cash in, machine 8'],
    [{ kind: 'machine', movement: 'cashInVoided', machineId: 8 }, 'cash in voided, machine 8'],
    [{ kind: 'machine', movement: 'cashOut', machineId: 12 }, 'cash out, machine 12'],
    [{ kind: 'machine', movement: 'handPay', machineId: 3 }, 'hand pay, machine 3'],
    [{ kind: 'machine', movement: 'jackpot', machineId: 3 }, 'jackpot, machine 3'],
  ];

  it.each(memos)('writes %j as %s and reads it back', (memo, text) => {
    expect(memoText(memo)).toBe(text);
    expect(readMemo(text)).toEqual(memo);
  });

  it.each(['demo deposit', 'cli deposit', 'Novomatic Grand jackpot, Book of Ra 1', 'cash in, machine x', 'refund, machine 8', ''])(
    'knows no other text: %j',
    (text) => {
      expect(readMemo(text)).toBeNull();
    },
  );
});
