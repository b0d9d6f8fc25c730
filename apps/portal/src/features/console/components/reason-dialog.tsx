import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { usePlayersTexts } from '../lib/players-texts';

const MIN_REASON = 3;

/**
 * A console action on a player or a request: asks for the reason the audit log keeps, with the action's
 * own fields above it. `onConfirm` runs the action; the dialog stays open until it is done (a refusal
 * shows on the portal's one error path).
 */
export function ReasonDialog({
  title,
  note,
  children,
  ready = true,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  note?: string | null;
  children?: ReactNode;
  ready?: boolean;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const t = usePlayersTexts();
  const id = useId();
  const [reason, setReason] = useState('');
  const canConfirm = ready && reason.trim().length >= MIN_REASON && !pending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm) onConfirm(reason.trim());
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {note && <DialogContentText>{note}</DialogContentText>}
          {children}
          <TextField
            label={t('dialog.reason')}
            helperText={t('dialog.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            autoFocus={!children}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!canConfirm}>
            {t('dialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
