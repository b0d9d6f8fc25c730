import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { translateError } from '@/shared/api/translate-error';
import { TextInput } from '@/shared/components/text-input';
import { paths, safeRedirect } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { useVerifyPassword } from '../api/verify-password';
import { authPageHref } from '../lib/auth-page-href';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { AuthHeading } from './auth-heading';
import { PasswordInput } from './password-input';

/** Wrong PINs before the lock signs the player out, as the idle lock (docs/pin-lock.md). */
export const MAX_WRONG_PINS = 5;

const loadPinCheck = () => import('@/shared/lib/pin-verifier');

/** Where unlocking goes: the page the player came from (`?redirect=`), else the lobby; never this page again. */
function unlockTarget(redirect: string | null): string {
  const target = redirect ? safeRedirect(redirect) : paths.lobby.getHref();
  return target.startsWith(authPageHref('lock')) ? paths.lobby.getHref() : target;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase())
    .join('');

/**
 * /pages/auth/lock, the signed-in player's lock screen: their name and picture, unlocked with their
 * PIN (checked in the browser against the session's verifier, as the idle lock does) or their password
 * (the real POST /login: its attempts left and block). Unlocked, back to where they came from.
 */
export function LockView() {
  const t = useAuthPagesTexts();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useSession((state) => state.user);
  const verifier = useSession((state) => state.pinCode);
  const verifyPassword = useVerifyPassword();
  const [mode, setMode] = useState<'pin' | 'password'>(verifier ? 'pin' : 'password');
  const [secret, setSecret] = useState('');
  const [shown, setShown] = useState(false);
  const [checking, setChecking] = useState(false);
  const [wrongPins, setWrongPins] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const name = user?.displayName || user?.username || '';
  const exhausted = wrongPins >= MAX_WRONG_PINS;

  const refuse = (text: string) => {
    setProblem(text);
    setChecking(false);
    input.current?.focus();
  };

  const checkPin = async (pin: string) => {
    let matches: boolean;
    try {
      matches = await (await loadPinCheck()).pinMatches(verifier ?? '', pin);
    } catch {
      return refuse(t('lock.failed'));
    }
    if (matches) return void navigate(unlockTarget(searchParams.get('redirect')), { replace: true });
    const failures = wrongPins + 1;
    setWrongPins(failures);
    setSecret('');
    if (failures >= MAX_WRONG_PINS) {
      setProblem(t('lock.tooMany'));
      return void navigate(paths.logout.getHref(), { replace: true });
    }
    refuse(t('lock.wrongPin', { left: MAX_WRONG_PINS - failures }));
  };

  const checkPassword = async (password: string) => {
    try {
      await verifyPassword.mutateAsync({ username: user?.username ?? '', password });
    } catch (error) {
      // The one error path shows it too; here it stays next to the field, with the attempts left.
      return refuse(translateError(error));
    }
    void navigate(unlockTarget(searchParams.get('redirect')), { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (checking || exhausted) return;
    if (!secret) return refuse(mode === 'pin' ? t('lock.emptyPin') : t('lock.emptyPassword'));
    setChecking(true);
    setProblem(null);
    void (mode === 'pin' ? checkPin(secret) : checkPassword(secret));
  };

  const switchMode = () => {
    setMode((now) => (now === 'pin' ? 'password' : 'pin'));
    setSecret('');
    setProblem(null);
  };

  const onChange = (event: { target: { value: string } }) => {
    setSecret(event.target.value);
    setProblem(null);
  };

  return (
    <>
      <AuthHeading title={t('lock.title')} subtitle={t('lock.subtitle')} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <Avatar src={user?.photoURL || undefined} alt="" sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.main' }}>
          {initials(name)}
        </Avatar>
        <Typography variant="h6" component="p">
          {name}
        </Typography>
        {user && name !== user.username && (
          <Typography color="text.secondary" dir="ltr">
            @{user.username}
          </Typography>
        )}
      </Box>
      <Stack component="form" noValidate spacing={2} aria-label={t('lock.title')} onSubmit={onSubmit}>
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
        {mode === 'pin' ? (
          <TextInput
            key="pin"
            name="pin"
            type="password"
            label={t('lock.pin')}
            value={secret}
            onChange={onChange}
            autoComplete="off"
            autoFocus
            required
            fullWidth
            error={!!problem}
            inputRef={input}
            inputProps={{ inputMode: 'numeric', maxLength: 8, readOnly: checking || exhausted }}
          />
        ) : (
          <PasswordInput
            key="password"
            name="password"
            label={t('lock.password')}
            value={secret}
            onChange={onChange}
            autoComplete="current-password"
            autoFocus
            shown={shown}
            onToggle={() => setShown((now) => !now)}
            error={!!problem}
            inputRef={input}
          />
        )}
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={checking} disabled={exhausted}>
          {checking ? t('lock.checking') : t('lock.unlock')}
        </Button>
        {verifier && !exhausted && (
          <Button variant="text" onClick={switchMode}>
            {mode === 'pin' ? t('lock.usePassword') : t('lock.usePin')}
          </Button>
        )}
      </Stack>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {t('lock.notYou', { name })}
        </Typography>
        <Button component={RouterLink} to={paths.logout.getHref()} size="small" color="inherit" variant="outlined">
          {t('lock.logout')}
        </Button>
      </Box>
    </>
  );
}
