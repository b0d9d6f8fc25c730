import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { pinText, type ConsolePlayer } from '@reelcast/protocol';
import { showMessage } from '@/shared/toasts/toast-store';
import { usePlayerAction, type PlayerAction } from '../api/player-action';
import { usePlayersTexts } from '../lib/players-texts';
import { ReasonDialog } from './reason-dialog';

export type PlayerActionKind = PlayerAction['kind'];

/** Ban, unban, unlock or set the PIN of a player, with the reason the audit log keeps. */
export function PlayerActionDialog({ player, kind, onClose }: { player: ConsolePlayer; kind: PlayerActionKind; onClose: () => void }) {
  const t = usePlayersTexts();
  const action = usePlayerAction(player.id);
  const [pin, setPin] = useState('');
  const name = { name: player.username };
  const pinReady = pin === '' || pinText.safeParse(pin).success;

  const confirm = (reason: string) => {
    const body: PlayerAction = kind === 'pin' ? { kind, pin: pin === '' ? null : pin, reason } : { kind, reason };
    action.mutate(body, {
      onSuccess: () => {
        showMessage(t('done', name), 'success');
        onClose();
      },
    });
  };

  return (
    <ReasonDialog
      title={t(`dialog.${kind}`, name)}
      note={kind === 'ban' ? t('dialog.banNote', name) : null}
      ready={kind !== 'pin' || pinReady}
      pending={action.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {kind === 'pin' && (
        <TextField
          label={t('dialog.pinField')}
          value={pin}
          onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))}
          error={!pinReady}
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8, autoComplete: 'off' } }}
        />
      )}
    </ReasonDialog>
  );
}
