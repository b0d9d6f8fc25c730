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

/**
 * An amount's colour says which way it went for the player: a gain (into the wallet) in the cash green, a
 * loss (out of it) in the credit red, nothing in the text colour. The kind keeps its own colour on its
 * marker (docs/portal-shell.md "Amounts").
 */
export const gainColor = (minor: number): `${StatusPalette}.main` | 'text.primary' =>
  minor > 0 ? balanceColors.cash : minor < 0 ? balanceColors.credit : 'text.primary';
