import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { Machine } from '@reelcast/protocol';
import { paths } from '@/shared/config/paths';
import { formatTime } from '@/shared/lib/format';
import { useSession } from '@/shared/session/session-store';
import { machineImageFallback } from '../lib/jackpots';
import { MachineStatusChip } from '@/shared/components/machine-status-chip';

const lastResort = '/assets/machines/default.svg';

function useMachineImage(machine: Machine) {
  const fallback = machineImageFallback(machine.brand);
  const [src, setSrc] = useState(machine.image || fallback);
  const onError = () => setSrc((current) => (current === fallback ? lastResort : current === lastResort ? current : fallback));
  return { src, onError };
}

/**
 * `priority`: a card of the page's first row, whose picture is fetched at once and before the others.
 * Memoised: the lobby re-renders for changes that are not its machines' (the notification socket's
 * connection turns polling off: a store update, which React renders synchronously, in one task), and
 * the list's answers keep an unchanged machine the same object (TanStack Query's structural sharing).
 */
export const MachineCard = memo(function MachineCard({ machine, priority = false }: { machine: Machine; priority?: boolean }) {
  const { t } = useTranslation();
  const playerId = useSession((state) => state.user?.id);
  const image = useMachineImage(machine);
  const mine = machine.reservation !== null && machine.reservation.playerId === playerId;
  const playable = machine.status === 'idle' || mine;
  const nameId = `machine-${machine.id}-name`;

  let reservation: string | null = null;
  if (machine.reservation) {
    const until = machine.reservation.until ? new Date(machine.reservation.until) : null;
    if (mine) reservation = t('lobby.reservedForYou');
    else if (until && !Number.isNaN(until.getTime())) reservation = t('lobby.reservedUntil', { time: formatTime(until) });
    else reservation = t('lobby.reserved');
  }

  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      data-testid={`machine-card-${machine.id}`}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardMedia
        component="img"
        src={image.src}
        onError={image.onError}
        alt={t('lobby.machineImage', { name: machine.name })}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        sx={{ aspectRatio: '4 / 3', objectFit: 'cover', bgcolor: 'background.default' }}
      />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
        {/* The name's own direction (dir="auto"), so a long Latin name on an Arabic page is cut at its end ("Northern Li…"),
            not its start; aligned to the page's side as before ('left', which the right-to-left style cache turns to 'right'). */}
        <Typography
          id={nameId}
          variant="subtitle1"
          component="h3"
          dir="auto"
          sx={{ fontWeight: 700, lineHeight: 1.3, textAlign: 'left' }}
          title={machine.name}
          noWrap
        >
          {machine.name}
        </Typography>
        <Box>
          <MachineStatusChip id={machine.id} status={machine.status} />
        </Box>
        {reservation && (
          <Typography variant="body2" color="text.secondary" data-testid={`machine-reservation-${machine.id}`}>
            {reservation}
          </Typography>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={Link}
          to={paths.game.getHref(machine.id, machine.name)}
          variant="contained"
          startIcon={<PlayArrowIcon />}
          disabled={!playable}
          aria-label={t('lobby.playMachine', { name: machine.name })}
          fullWidth
        >
          {t('lobby.play')}
        </Button>
      </CardActions>
    </Card>
  );
});
