import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/lib/use-money';
import { useRealityCheckStore } from '../lib/reality-check-store';

/**
 * The reality check (docs/player-protection.md): the machine paused the game after the player's interval;
 * it shows the time played and the session's net result, and waits for Continue or Stop playing.
 */
export function RealityCheckDialog({
  onAnswer,
  container,
}: {
  onAnswer: (choice: 'continue' | 'stop') => void;
  container?: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const check = useRealityCheckStore((state) => state.check);
  if (!check) return null;
  const minutes = Math.floor(check.playedSeconds / 60);
  return (
    <Dialog open container={container ?? undefined} aria-labelledby="reality-check-title" aria-describedby="reality-check-text">
      <DialogTitle id="reality-check-title">{t('game.realityCheck.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="reality-check-text">
          {t('game.realityCheck.played', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })}
        </DialogContentText>
        <DialogContentText>
          {t(check.net < 0 ? 'game.realityCheck.lost' : 'game.realityCheck.won', { amount: money(Math.abs(check.net)) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {/* Stop playing cashes out: a money button's 48 px target, Continue beside it the same. */}
        <Button onClick={() => onAnswer('stop')} color="inherit" sx={{ minHeight: 48 }}>
          {t('game.realityCheck.stop')}
        </Button>
        <Button onClick={() => onAnswer('continue')} variant="contained" autoFocus sx={{ minHeight: 48 }}>
          {t('game.realityCheck.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
