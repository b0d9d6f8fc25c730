import { memo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/lib/use-money';
import { useGameStore } from '../lib/game-store';

type MeterProps = { id: string; label: string; value: string; color?: string; row: boolean };

/** One figure; renders again only when its own text changes (a spin changes the credit, not always the bet). */
const Meter = memo(function Meter({ id, label, value, color, row }: MeterProps) {
  return (
    <Box
      sx={{
        flex: 1,
        minWidth: 0,
        px: 1,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'rgba(255,255,255,0.06)',
        textAlign: 'center',
        ...(row && { display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }),
      }}
    >
      <Typography variant="caption" component="p" color="text.secondary" id={`meter-${id}`} noWrap>
        {label}
      </Typography>
      <Typography
        component="p"
        aria-labelledby={`meter-${id}`}
        data-testid={`meter-${id}`}
        sx={{ fontWeight: 700, color, fontVariantNumeric: 'tabular-nums', fontSize: { xs: '0.95rem', sm: '1.05rem' } }}
        noWrap
      >
        {value}
      </Typography>
    </Box>
  );
});

/** Credit, bet and last win from the machine, in the player's currency (minor units / 100). */
export const GameMeters = memo(function GameMeters({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const formatMoney = useMoney();
  const machine = useGameStore((state) => state.machine);
  const money = (minor: number | undefined) => (minor === undefined ? '—' : formatMoney(minor));
  return (
    <Box
      role="group"
      aria-label={t('game.meters')}
      sx={{ display: 'flex', flexDirection: stacked ? 'column' : 'row', gap: stacked ? 0.5 : 1 }}
    >
      <Meter row={stacked} id="credit" label={t('game.credit')} value={money(machine?.credit)} color="#ef5350" />
      <Meter row={stacked} id="bet" label={t('game.bet')} value={money(machine?.bet)} />
      <Meter row={stacked} id="win" label={t('game.lastWin')} value={money(machine?.lastWin)} color="primary.main" />
    </Box>
  );
});
