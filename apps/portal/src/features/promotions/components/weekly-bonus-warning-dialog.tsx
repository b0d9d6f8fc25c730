import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** SPEC §2: the Turkish warning before a weekly bonus: the payout cap, and that taking it accepts the cap. */
export function WeeklyBonusWarningDialog({ open, onConfirm, onClose }: { open: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="weekly-bonus-warning-title"
      aria-describedby="weekly-bonus-warning-text"
      lang="tr"
    >
      <DialogTitle id="weekly-bonus-warning-title">{t('promotions.warningTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="weekly-bonus-warning-text" sx={{ mb: 1 }}>
          {t('promotions.warningCap')}
        </DialogContentText>
        <DialogContentText>{t('promotions.warningAccept')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('promotions.warningCancel')}</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          {t('promotions.warningConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
