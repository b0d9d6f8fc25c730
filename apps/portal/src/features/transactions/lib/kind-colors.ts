import type { TransactionKind } from '@reelcast/protocol';

/**
 * SPEC §9 balance colours: discount yellow, bonus cyan, credit red, cash green.
 * Theme palette paths, so the shades follow the theme.
 */
export const kindColors: Record<TransactionKind, string> = {
  discount: 'warning.main',
  bonus: 'secondary.main',
  credit: 'error.main',
  cash: 'success.main',
};
