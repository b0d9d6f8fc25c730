import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConnectionTexts } from '@/shared/i18n/connection-texts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { paths } from '@/shared/config/paths';
import { balanceQueryKey } from '@/shared/api/api-client';
import { translateError } from '@/shared/api/translate-error';
import { rejoinPushes } from '@/shared/session/push-rejoin';
import { showMessage } from '@/shared/toasts/toast-store';
import { useMoney } from '@/shared/lib/use-money';
import { useCancelSeat } from '../api/cancel-seat';
import { useKickPlayer } from '../api/kick-player';
import { applyMachineLook, closeReconnect, useReconnectStore } from '../lib/reconnect-store';

const knownStatuses = ['bonus', 'waiting', 'cashout', 'playing', 'error', 'offline'] as const;
type KnownStatus = (typeof knownStatuses)[number];
const isKnown = (status: string): status is KnownStatus => (knownStatuses as readonly string[]).includes(status);

/** SPEC §4: opened by a session push; its text depends on the machine status. */
export function ReconnectDialog() {
  const { t } = useTranslation();
  const texts = useConnectionTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const money = useMoney();
  const { show, id, name, machine_status } = useReconnectStore();
  const kick = useKickPlayer();
  const cancel = useCancelSeat();
  const cashingOut = cancel.isPending;
  const busy = cashingOut || kick.isPending;

  if (!show || id === null) return null;
  const status = isKnown(machine_status) ? machine_status : 'unknown';

  const onContinue = () => {
    closeReconnect();
    void navigate(paths.game.getHref(id, name));
  };

  const onCashout = () =>
    cancel.mutate(id, {
      onSuccess: (amount) => {
        closeReconnect();
        showMessage(t('game.cashedOut', { amount: money(amount) }), 'success');
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        // Another open game of the player's comes back in the dialog.
        rejoinPushes();
      },
      onError: (error) => showMessage(translateError(error, t)),
    });

  // The kicked device is gone and the seat waits for its player (docs/reconnect.md): the machine's own
  // answer says so, or says what else happened meanwhile.
  const onKick = () =>
    kick.mutate(id, {
      onSuccess: (seen) => {
        showMessage(t('reconnect.kicked'), 'success');
        applyMachineLook(seen ?? { id, status: 'waiting', occupied: true });
      },
    });

  return (
    <Dialog open onClose={busy ? undefined : closeReconnect} aria-labelledby="reconnect-title" aria-describedby="reconnect-text">
      <DialogTitle id="reconnect-title">{t('reconnect.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="reconnect-text" data-testid="reconnect-text">
          {t(`reconnect.status.${status}`, { name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={closeReconnect} disabled={busy} color="inherit">
          {texts.no}
        </Button>
        {/* A waiting seat has no device playing it: nobody to kick. */}
        {status !== 'waiting' && (
          <Button onClick={onKick} disabled={busy} color="warning">
            {t('reconnect.kick')}
          </Button>
        )}
        <Button onClick={() => void onCashout()} disabled={busy} variant="outlined" aria-busy={cashingOut}>
          {cashingOut ? t('reconnect.working') : t('reconnect.cashout')}
        </Button>
        <Button onClick={onContinue} disabled={busy} variant="contained" autoFocus>
          {texts.continue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
