import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorCode, NEW_PASSWORD_MIN_LENGTH } from '@reelcast/protocol';
import { ApiError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { paths } from '@/shared/config/paths';
import { endSession, getSession } from '@/shared/session/session-store';
import { useResetTokenCheck } from '../api/check-reset-token';
import { useResetPassword } from '../api/reset-password';
import { authPageHref, type Presentation } from '../lib/auth-page-href';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { confirmationProblem, newPasswordProblem, passwordStrength } from '../lib/new-password-checks';
import { refusedField } from '../lib/refused-field';
import { useFormFields } from '../lib/use-form-fields';
import { AuthHeading } from './auth-heading';
import { AuthLinks } from './auth-links';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

const MIN_LENGTH = NEW_PASSWORD_MIN_LENGTH;
const fields = ['password', 'confirm'] as const;
type Field = (typeof fields)[number];

/** A link that no longer works (or no link at all): why, and the way to a new one. */
function LinkProblem({ title, text, presentation }: { title?: string; text: string; presentation: Presentation }) {
  const t = useAuthPagesTexts();
  return (
    <>
      <Alert severity="warning" role="alert">
        {title && <AlertTitle component="h2">{title}</AlertTitle>}
        {text}
      </Alert>
      <Button component={RouterLink} to={authPageHref('forgot-password', presentation)} variant="contained" size="large" fullWidth>
        {t('reset.askAgain')}
      </Button>
    </>
  );
}

function ResetForm({ token, onDone, onLinkGone }: { token: string; onDone: () => void; onLinkGone: () => void }) {
  const t = useAuthPagesTexts();
  const resetMutation = useResetPassword();
  const [shown, setShown] = useState(false);
  const form = useFormFields<Field>({ password: '', confirm: '' }, (values) => ({
    password: newPasswordProblem(values.password, {}, MIN_LENGTH, t),
    confirm: confirmationProblem(values.password, values.confirm, t),
  }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = form.touchAll();
    if (invalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${invalid}"]`)?.focus();
      return;
    }
    try {
      const answer = await resetMutation.mutateAsync({ token, password: form.values.password });
      // This browser's session, if it is the same player's, was signed out with the others.
      if (getSession().user?.username === answer.username) endSession();
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.answer?.code === ErrorCode.MailLinkInvalid || refusedField(error, ['token'])))
        return onLinkGone();
      const field = refusedField(error, fields, { [ErrorCode.PasswordTooShort]: 'password', [ErrorCode.PasswordTooWeak]: 'password' });
      if (field) form.setServerError(field, translateError(error));
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.5} aria-label={t('reset.title')} onSubmit={(event) => void onSubmit(event)}>
      <Typography color="text.secondary">{t('reset.subtitle')}</Typography>
      <PasswordInput
        name="password"
        label={t('reset.password')}
        value={form.values.password}
        onChange={form.change('password')}
        autoComplete="new-password"
        autoFocus
        shown={shown}
        onToggle={() => setShown((now) => !now)}
        error={form.errorOf('password')}
      />
      <PasswordStrengthMeter level={passwordStrength(form.values.password, {}, MIN_LENGTH)} minLength={MIN_LENGTH} />
      <PasswordInput
        name="confirm"
        label={t('reset.confirm')}
        value={form.values.confirm}
        onChange={form.change('confirm')}
        autoComplete="new-password"
        shown={shown}
        error={form.errorOf('confirm')}
      />
      <Button type="submit" variant="contained" size="large" fullWidth loading={resetMutation.isPending}>
        {t('reset.submit')}
      </Button>
    </Stack>
  );
}

/** Asks the platform whether the link still works, then the form. */
function CheckedReset({ token, presentation }: { token: string; presentation: Presentation }) {
  const t = useAuthPagesTexts();
  const check = useResetTokenCheck(token);
  const [outcome, setOutcome] = useState<'done' | 'gone' | null>(null);

  if (outcome === 'done') {
    return (
      <>
        <Alert severity="success" role="status">
          <AlertTitle component="h2">{t('reset.doneTitle')}</AlertTitle>
          {t('reset.doneText')}
        </Alert>
        <Button component={RouterLink} to={paths.login.getHref()} variant="contained" size="large" fullWidth>
          {t('links.signIn')}
        </Button>
      </>
    );
  }
  if (outcome === 'gone' || check.data?.valid === false) {
    return <LinkProblem title={t('reset.invalidTitle')} text={t('reset.invalidText')} presentation={presentation} />;
  }
  if (check.isError) return <LoadFailedAlert onRetry={() => void check.refetch()}>{translateError(check.error)}</LoadFailedAlert>;
  if (check.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('reset.checking')}</Typography>
      </Box>
    );
  }
  return <ResetForm token={token} onDone={() => setOutcome('done')} onLinkGone={() => setOutcome('gone')} />;
}

/**
 * /pages/auth/reset-password and -2, opened from the mailed link (`?token=`): a new password and its
 * confirmation. Set, every session of the player is signed out and the page leads to sign-in; an
 * expired or used link says so and leads to a new one.
 */
export function ResetPasswordView({ presentation }: { presentation: Presentation }) {
  const t = useAuthPagesTexts();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  return (
    <>
      <AuthHeading title={t('reset.title')} />
      {token ? (
        <CheckedReset key={token} token={token} presentation={presentation} />
      ) : (
        <LinkProblem text={t('reset.missingToken')} presentation={presentation} />
      )}
      <AuthLinks links={[{ text: t('links.backToSignIn'), to: authPageHref('login', presentation) }]} />
    </>
  );
}
