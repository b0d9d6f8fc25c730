import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { clearLock, countWrongPin, MAX_WRONG_PINS, readLock } from '../lib/lock-state';
import { usePinLockTexts } from '../lib/use-pin-lock-texts';
import { LOCK_BACKDROP, LOCK_Z_INDEX } from './lock-cover';
import { fieldBox } from './field-box';
import { PinHint } from './pin-hint';

const loadCheck = () => import('@/shared/lib/pin-verifier');

/** A modal the app opens after the lock (the game's 'Deactivated Detected'): it would take the top and the focus. */
const isOtherModal = (node: Node) =>
  node instanceof HTMLElement && node.classList.contains('MuiModal-root') && !node.hasAttribute('data-pin-lock');

type PinLockDialogProps = {
  /** The login answer's `pin_code`: what the typed PIN is checked against. */
  verifier: string;
  logout: () => Promise<void>;
  onUnlock: () => void;
};

/**
 * SPEC §2 "Idle dialog", §8 'LOCKED !': over the whole app (modal, the focus kept in it, neither Esc
 * nor a click outside closes it), a PIN field, Unlock and Logout, and SPEC §9's PIN hint (the PIN shown on
 * request, given the password). A
 * wrong PIN says how many tries are left; the fifth logs the player out, and the count is stored, so a
 * reload does not start it again.
 */
type Problem = { text: 'emptyPin' | 'failed' | 'logoutFailed' } | { text: 'wrongPin'; left: number };

export function PinLockDialog({ verifier, logout, onUnlock }: PinLockDialogProps) {
  const t = usePinLockTexts();
  const [pin, setPin] = useState('');
  const [exhausted, setExhausted] = useState(() => (readLock()?.failures ?? 0) >= MAX_WRONG_PINS);
  const [busy, setBusy] = useState<'checking' | 'loggingOut' | null>(exhausted ? 'loggingOut' : null);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Opened again (a new key) whenever another modal opens after it, so the lock stays on top with the focus.
  const [layer, setLayer] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    void loadCheck().catch(() => {});
    const observer = new MutationObserver((records) => {
      if (records.some((record) => [...record.addedNodes].some(isOtherModal))) setLayer((n) => n + 1);
    });
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, []);

  const logOut = useCallback(
    () =>
      logout().then(clearLock, () => {
        setBusy(null);
        setProblem({ text: 'logoutFailed' });
      }),
    [logout],
  );
  // The fifth wrong PIN came before a reload: its logout goes on.
  const [exhaustedAtStart] = useState(exhausted);
  useEffect(() => {
    if (exhaustedAtStart) void logOut();
  }, [exhaustedAtStart, logOut]);

  const leave = () => {
    setBusy('loggingOut');
    void logOut();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || exhausted) return;
    if (!pin) {
      setProblem({ text: 'emptyPin' });
      input.current?.focus();
      return;
    }
    setBusy('checking');
    setProblem(null);
    let matches: boolean;
    try {
      matches = await (await loadCheck()).pinMatches(verifier, pin);
    } catch {
      setBusy(null);
      setProblem({ text: 'failed' });
      return;
    }
    if (matches) return onUnlock();
    const failures = countWrongPin();
    setPin('');
    if (failures >= MAX_WRONG_PINS) {
      setExhausted(true);
      return leave();
    }
    setBusy(null);
    setProblem({ text: 'wrongPin', left: MAX_WRONG_PINS - failures });
    input.current?.focus();
  };

  const checking = busy === 'checking';
  const message = problem && t(problem.text, problem);
  return (
    <Dialog
      key={layer}
      open
      data-pin-lock=""
      fullWidth
      maxWidth="xs"
      // No fade in: the app behind must not show through, not even for a moment (a reload while locked).
      transitionDuration={{ enter: 0, exit: 150 }}
      aria-labelledby="pin-lock-title"
      aria-describedby="pin-lock-description"
      sx={{ zIndex: LOCK_Z_INDEX, '& .MuiDialog-paper': { m: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: undefined } } }}
      slotProps={{ backdrop: { sx: { backgroundColor: LOCK_BACKDROP } } }}
    >
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="pin-lock-title">{t('title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="pin-lock-description">{t('description')}</DialogContentText>
          <Alert severity="warning" icon={false} role="note" sx={{ my: 2 }}>
            <Typography component="strong" variant="h6" sx={{ display: 'block', fontWeight: 700 }}>
              {/* SPEC §8's English text in every language: kept left to right ('LOCKED !') in Arabic too. */}
              <span lang="en" dir="ltr">
                {t('locked')}
              </span>
            </Typography>
            {t('protection')}
          </Alert>
          {exhausted ? (
            <Alert severity="error" role="alert">
              {t('tooMany')}
              {message && <Typography variant="body2">{message}</Typography>}
            </Alert>
          ) : (
            <>
              <Typography component="label" htmlFor="pin-lock-pin" variant="subtitle2" sx={{ display: 'block', mb: 0.5 }}>
                {t('pin')}
              </Typography>
              <Box
                component="input"
                id="pin-lock-pin"
                ref={input}
                autoFocus
                type="password"
                inputMode="numeric"
                autoComplete="off"
                maxLength={8}
                readOnly={busy !== null}
                value={pin}
                onChange={(event: ChangeEvent<HTMLInputElement>) => setPin(event.target.value)}
                aria-invalid={message !== null}
                aria-describedby="pin-lock-pin-message"
                sx={fieldBox(message !== null, { fontSize: '1.25rem', letterSpacing: '0.3em' })}
              />
              <Typography
                id="pin-lock-pin-message"
                role={message ? 'alert' : undefined}
                variant="caption"
                color="error"
                sx={{ display: 'block', minHeight: '1.66em', mt: 0.5, mx: 1.75 }}
              >
                {message}
              </Typography>
            </>
          )}
          <PinHint />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <Button color="inherit" onClick={leave} loading={busy === 'loggingOut'} loadingPosition="start" disabled={checking}>
            {busy === 'loggingOut' ? t('loggingOut') : t('logout')}
          </Button>
          {!exhausted && (
            <Button type="submit" variant="contained" loading={checking} loadingPosition="start" disabled={busy === 'loggingOut'}>
              {checking ? t('checking') : t('unlock')}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
