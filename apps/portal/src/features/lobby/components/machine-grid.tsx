import { useDeferredValue, type CSSProperties } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Machine } from '@reelcast/protocol';
import { MachineCard } from './machine-card';

/** Fewer cards than this are not spread over a whole row: a lone machine keeps a card's size. */
const MIN_SPREAD = 3;

/** The cards of a page's first row, at most (two on a phone, up to four on a laptop). */
const FIRST_ROW = 4;

/**
 * The first grid's cards in the app's first commit (four rows on a phone, more than its screen shows, so
 * that nothing below the cards, the footer, is on screen before the others come): the rest come in a second,
 * deferred render and commit, so the takeover's one unsliceable task (React's commit: emotion's style
 * insertion, the DOM, the effects) holds what the first screen shows, not the whole lobby. The platform's
 * render (no `window`; React's server renderer returns a deferred value's initial value) has them all.
 */
export const FIRST_COMMIT_CARDS = 8;

/** `count` for the app's first commit in a browser, undefined (not deferred) on the platform's render. */
export const firstCommit = (count: number) => (typeof window === 'undefined' ? undefined : count);

/**
 * Machine cards in rows (docs/portal-shell.md "The lobby's rows"): on a phone two a row; wider, as many
 * cards of at least 220 px as fit, except that `spread` cards (the largest brand's count in the lobby,
 * by default this grid's own) fill a row the page has room to spare in, so a folded navbar's width
 * goes to the cards instead of an empty column. `first`: the page's first grid, whose first row's
 * pictures are the first view's largest paint: fetched at once and first, not lazily.
 */
export function MachineGrid({
  machines,
  spread = machines.length,
  first = false,
}: {
  machines: Machine[];
  spread?: number;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const firstCards = Math.min(machines.length, FIRST_COMMIT_CARDS);
  // At least the first cards: a list that comes after the grid's first render is not deferred to nothing.
  const shown = Math.max(useDeferredValue(machines.length, first ? firstCommit(firstCards) : undefined), first ? firstCards : 0);
  if (machines.length === 0) return <Typography color="text.secondary">{t('lobby.empty')}</Typography>;
  return (
    <Box
      component="ul"
      style={{ '--cards': Math.max(spread, MIN_SPREAD) } as CSSProperties}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr))',
          // The gap is 16 px from sm up.
          sm: 'repeat(auto-fill, minmax(max(220px, (100% - (var(--cards) - 1) * 16px) / var(--cards)), 1fr))',
        },
        gap: { xs: 1.5, sm: 2 },
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {machines.slice(0, shown).map((machine, index) => (
        <li key={machine.id}>
          <MachineCard machine={machine} priority={first && index < FIRST_ROW} />
        </li>
      ))}
    </Box>
  );
}
