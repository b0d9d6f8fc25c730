import type { CSSProperties } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Machine } from '@reelcast/protocol';
import { MachineCard } from './machine-card';

/** Fewer cards than this are not spread over a whole row: a lone machine keeps a card's size. */
const MIN_SPREAD = 3;

/**
 * Machine cards in rows (docs/portal-shell.md "The lobby's rows"): on a phone two a row; wider, as many
 * cards of at least 220 px as fit, except that `spread` cards (the largest brand's count in the lobby,
 * by default this grid's own) fill a row the page has room to spare in, so a folded navbar's width
 * goes to the cards instead of an empty column.
 */
export function MachineGrid({ machines, spread = machines.length }: { machines: Machine[]; spread?: number }) {
  const { t } = useTranslation();
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
      {machines.map((machine) => (
        <li key={machine.id}>
          <MachineCard machine={machine} />
        </li>
      ))}
    </Box>
  );
}
