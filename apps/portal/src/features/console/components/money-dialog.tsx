import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_AMOUNT_MINOR, type ConsolePlayer, type MoneyRequest } from '@reelcast/protocol';
import { showMessage } from '@/shared/toasts/toast-store';
import { useMoney } from '@/shared/lib/use-money';
import { useRequestMoney } from '../api/request-money';
import { usePlayersTexts } from '../lib/players-texts';
import { ReasonDialog } from './reason-dialog';

/** "250" or "99.50" in currency units as minor units, or null when it is not a positive amount. */
export function minorOf(text: string): number | null {
  if (!/^\d{1,8}([.,]\d{1,2})?$/.test(text.trim())) return null;
  const minor = Math.round(Number(text.trim().replace(',', '.')) * 100);
  return minor > 0 && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/**
 * An admin's deposit or withdrawal for a player, with a reason. Its idempotency key is made once per
 * dialog, so a confirm sent twice posts once. Above the configured amount it waits for a second admin.
 */
export function MoneyDialog({ player, approvalAbove, onClose }: { player: ConsolePlayer; approvalAbove?: number; onClose: () => void }) {
  const t = usePlayersTexts();
  const money = useMoney();
  const requestMoney = useRequestMoney(player.id);
  const [kind, setKind] = useState<MoneyRequest['kind']>('deposit');
  const [amount, setAmount] = useState('');
  const [idempotencyKey] = useState(() => `console-${crypto.randomUUID()}`);
  const minor = minorOf(amount);
  const name = { name: player.username };

  const confirm = (reason: string) => {
    if (minor === null) return;
    requestMoney.mutate(
      { kind, amount: minor, reason, idempotencyKey },
      {
        onSuccess: ({ request }) => {
          showMessage(t(request.status === 'pending' ? 'pending' : 'done', name), 'success');
          onClose();
        },
      },
    );
  };

  return (
    <ReasonDialog
      title={t('dialog.money', name)}
      note={approvalAbove === undefined ? null : t('dialog.moneyNote', { amount: money(approvalAbove) })}
      ready={minor !== null}
      pending={requestMoney.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <TextField select label={t('dialog.kind')} value={kind} onChange={(event) => setKind(event.target.value as MoneyRequest['kind'])}>
        <MenuItem value="deposit">{t('dialog.deposit')}</MenuItem>
        <MenuItem value="withdraw">{t('dialog.withdraw')}</MenuItem>
      </TextField>
      <TextField
        label={t('dialog.amount')}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={amount !== '' && minor === null}
        helperText={minor === null ? ' ' : money(minor)}
        autoFocus
        required
        slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 11 } }}
      />
    </ReasonDialog>
  );
}
