import { useState, type ChangeEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ErrorCode } from '@reelcast/protocol';
import { ApiError } from '@/shared/api/api-error';
import { revealPin } from '../api/reveal-pin';
import { MASKED_PIN } from '../lib/pin-lock-texts';
import { usePinLockTexts } from '../lib/use-pin-lock-texts';
import { fieldBox } from './field-box';

type Problem = 'wrongPassword' | 'tooManyPasswords' | 'pinNotKept' | 'pinFailed';

const problemOf = (error: unknown): Problem => {
  const code = error instanceof ApiError ? error.answer?.code : undefined;
  if (code === ErrorCode.OldPasswordWrong) return 'wrongPassword';
  if (code === ErrorCode.TooManyRequests) return 'tooManyPasswords';
  if (code === ErrorCode.NotFound) return 'pinNotKept';
  return 'pinFailed';
};

/**
 * SPEC §9 "Default pin code hint {secret}" in the player's language, the PIN masked. 'Show my PIN' asks
 * for the account password and fills the PIN in: whoever stands at a locked screen without the password
 * learns nothing from the hint (docs/pin-lock.md "Showing the PIN").
 */
export function PinHint() {
  const t = usePinLockTexts();
  const [pin, setPin] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  const show = async () => {
    if (sending || !password) return;
    setSending(true);
    setProblem(null);
    try {
      setPin(await revealPin(password));
      setAsking(false);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setPassword('');
      setSending(false);
    }
  };
  // Enter here shows the PIN: it must not submit the dialog's PIN form around it.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void show();
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" data-testid="pin-hint">
        {t('hint', { secret: pin ?? MASKED_PIN })}
      </Typography>
      {pin !== null ? (
        <Button size="small" onClick={() => setPin(null)} sx={{ mt: 0.5 }}>
          {t('hidePin')}
        </Button>
      ) : asking ? (
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-end' }}>
          <Box sx={{ flex: '1 1 12rem' }}>
            <Typography component="label" htmlFor="pin-lock-password" variant="subtitle2" sx={{ display: 'block', mb: 0.5 }}>
              {t('password')}
            </Typography>
            <Box
              component="input"
              id="pin-lock-password"
              type="password"
              autoComplete="current-password"
              autoFocus
              readOnly={sending}
              value={password}
              onChange={(event: ChangeEvent<HTMLInputElement>) => setPassword(event.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={problem !== null}
              aria-describedby="pin-lock-password-message"
              sx={fieldBox(problem !== null)}
            />
          </Box>
          <Button variant="outlined" onClick={() => void show()} loading={sending} sx={{ minHeight: 48 }}>
            {t('showPinSubmit')}
          </Button>
          <Typography
            id="pin-lock-password-message"
            role={problem ? 'alert' : undefined}
            variant="caption"
            color="error"
            sx={{ display: 'block', flexBasis: '100%', minHeight: '1.66em' }}
          >
            {problem && t(problem)}
          </Typography>
        </Box>
      ) : (
        <Button size="small" onClick={() => setAsking(true)} sx={{ mt: 0.5 }}>
          {t('showPin')}
        </Button>
      )}
    </Box>
  );
}
