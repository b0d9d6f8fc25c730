import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { NetworkError } from '@/shared/api/api-error';
import { TextInput } from '@/shared/components/text-input';
import { requestPasswordReset } from '../api/forgot-password';
import { authPageHref, type Presentation } from '../lib/auth-page-href';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { mailLanguage } from '../lib/mail-language';
import { AuthHeading } from './auth-heading';
import { AuthLinks } from './auth-links';

/**
 * /pages/auth/forgot-password and -2: a username or an e-mail address, then /pages/auth/mail-confirm
 * says "if an account exists, we sent a link" whatever the server answered, so the page tells nobody
 * which accounts exist. Only no answer at all (offline) is said as such: nothing was asked.
 */
export function ForgotPasswordView({ presentation }: { presentation: Presentation }) {
  const t = useAuthPagesTexts();
  const { t: common, i18n } = useTranslation();
  const navigate = useNavigate();
  const [login, setLogin] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [offline, setOffline] = useState(false);
  const missing = !login.trim();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (missing) return;
    setSending(true);
    setOffline(false);
    try {
      await requestPasswordReset({ login: login.trim(), language: mailLanguage(i18n.language) });
    } catch (error) {
      if (error instanceof NetworkError) {
        setSending(false);
        setOffline(true);
        return;
      }
    }
    void navigate(authPageHref('mail-confirm', 1, { sent: 'reset' }));
  };

  const error = touched && missing ? t('fields.required') : undefined;
  return (
    <>
      <AuthHeading title={t('forgot.title')} subtitle={t('forgot.subtitle')} />
      <Stack component="form" noValidate spacing={2.5} aria-label={t('forgot.title')} onSubmit={(event) => void onSubmit(event)}>
        <TextInput
          name="login"
          label={t('forgot.login')}
          value={login}
          onChange={(event) => {
            setLogin(event.target.value);
            setTouched(true);
          }}
          autoComplete="username"
          autoFocus
          required
          fullWidth
          error={!!error}
          helperText={error}
          inputProps={{ maxLength: 254 }}
        />
        {offline && (
          <Alert severity="error" role="alert">
            {common('auth.networkError')}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" fullWidth loading={sending}>
          {t('forgot.submit')}
        </Button>
      </Stack>
      <AuthLinks links={[{ text: t('links.backToSignIn'), to: authPageHref('login', presentation) }]} />
    </>
  );
}
