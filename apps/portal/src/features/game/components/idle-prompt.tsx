import { memo, useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useConnectionTexts } from '@/shared/i18n/connection-texts';
import { getGameState } from '../lib/game-store';

/**
 * SPEC §4 game idle detection: no click for `idleTimeoutMs` asks whether the player is still there.
 * Continue (or closing the prompt) is `onStay`: the page counts it as a click and tells the machine.
 */
export const IdlePrompt = memo(function IdlePrompt({
  idleTimeoutMs,
  onStay,
  onLeave,
  container,
}: {
  idleTimeoutMs: number;
  onStay: () => void;
  onLeave: () => void;
  container?: HTMLElement | null;
}) {
  const { t } = useTranslation();
  const texts = useConnectionTexts();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const check = () => {
      const { lastClick, autoplay, statusConnection } = getGameState();
      if (!autoplay && statusConnection === 'connected' && Date.now() - lastClick >= idleTimeoutMs) setOpen(true);
    };
    const timer = setInterval(check, Math.min(1000, idleTimeoutMs));
    return () => clearInterval(timer);
  }, [idleTimeoutMs]);

  const stay = () => {
    onStay();
    setOpen(false);
  };

  return (
    <Dialog open={open} onClose={stay} container={container ?? undefined} aria-labelledby="idle-title">
      <DialogTitle id="idle-title">{t('game.deactivated')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('game.deactivatedHint')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLeave} color="inherit">
          {texts.returnToLobby}
        </Button>
        <Button onClick={stay} variant="contained" autoFocus>
          {texts.continue}
        </Button>
      </DialogActions>
    </Dialog>
  );
});
