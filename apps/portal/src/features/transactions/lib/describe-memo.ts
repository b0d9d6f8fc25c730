import type { TFunction } from 'i18next';
import { readMemo } from '@reelcast/protocol';

/**
 * A movement's memo in the player's language, its amounts as money; a memo the platform's grammar
 * does not know (an operator's note, a jackpot's name) as written.
 */
export function describeMemo(memo: string, t: TFunction, money: (minor: number) => string): string {
  const read = readMemo(memo);
  switch (read?.kind) {
    case 'rebate':
      return t('transactions.memos.rebate', { percent: read.percent, netLoss: money(read.netLoss) });
    case 'weekly':
      return t('transactions.memos.weekly', { week: read.week, percent: read.percent, netLoss: money(read.netLoss), cap: money(read.cap) });
    case 'machine':
      return t(`transactions.memos.${read.movement}`, { machine: read.machineId });
    default:
      return memo;
  }
}
