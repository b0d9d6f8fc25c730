import type { TransactionKind } from '@reelcast/protocol';

type StatusPalette = 'warning' | 'secondary' | 'error' | 'success';

/**
 * SPEC §9 balance colours: discount yellow, bonus cyan, credit red, cash green. Theme palette paths, so
 * the shades follow the theme (the transactions list, the /ui/helper-classes page).
 */
export const balanceColors: Record<TransactionKind, `${StatusPalette}.main`> = {
  discount: 'warning.main',
  bonus: 'secondary.main',
  credit: 'error.main',
  cash: 'success.main',
};
