import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { FloorMachine } from '@reelcast/protocol';
import { useMoney } from '@/shared/lib/use-money';
import { showMessage } from '@/shared/toasts/toast-store';
import { useMachineAction, type MachineAction } from '../api/machine-action';
import { useConsoleTexts } from '../lib/console-texts';

export type ActionKind = 'maintenanceOn' | 'maintenanceOff' | 'endSession' | 'message' | 'handPay';

const MIN_REASON = 3;

function actionOf(kind: ActionKind, reason: string, text: string): MachineAction {
  switch (kind) {
    case 'maintenanceOn':
    case 'maintenanceOff':
      return { kind: 'maintenance', on: kind === 'maintenanceOn', reason };
    case 'endSession':
      return { kind: 'end-session', reason };
    case 'message':
      return { kind: 'message', text, reason };
    case 'handPay':
      return { kind: 'hand-pay', reason };
  }
}

/**
 * One console action on one machine, asking for the reason the audit log keeps (and, for a message, its
 * text). It closes once the platform has done it; a refusal shows on the one error path and the dialog stays.
 */
export function ActionDialog({ machine, kind, onClose }: { machine: FloorMachine; kind: ActionKind; onClose: () => void }) {
  const t = useConsoleTexts();
  const id = useId();
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const action = useMachineAction(machine.id);
  const money = useMoney();
  const names = { name: machine.name, player: machine.seat?.username ?? '', amount: machine.handPay ? money(machine.handPay.amount) : '' };
  const ready = reason.trim().length >= MIN_REASON && (kind !== 'message' || text.trim().length > 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || action.isPending) return;
    action.mutate(actionOf(kind, reason.trim(), text.trim()), {
      onSuccess: () => {
        showMessage(t('done', { name: machine.name }), 'success');
        onClose();
      },
    });
  };

  const note =
    kind === 'endSession'
      ? t('dialog.endSessionNote')
      : kind === 'handPay'
        ? t('dialog.handPayNote')
        : kind === 'maintenanceOn' && machine.seat
          ? t('dialog.seatedCashOut', names)
          : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{t(`dialog.${kind}`, names)}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {note && <DialogContentText>{note}</DialogContentText>}
          {kind === 'message' && (
            <TextField
              label={t('dialog.text')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              required
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          )}
          <TextField
            label={t('dialog.reason')}
            helperText={t('dialog.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            required
            autoFocus
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!ready || action.isPending}>
            {t('dialog.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
