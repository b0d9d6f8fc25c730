import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { translateError } from '@/shared/api/translate-error';
import { paths } from '@/shared/config/paths';
import { confirmRegistration } from '../api/confirm-registration';
import { authPageHref } from '../lib/auth-page-href';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { AuthHeading } from './auth-heading';
import { AuthLinks } from './auth-links';

type Confirmation = { state: 'opening' } | { state: 'open'; username: string } | { state: 'failed'; message: string };

/** The registration mail's link (`?token=`): the account opens, or the page says why not. */
function ConfirmRegistration({ token }: { token: string }) {
  const t = useAuthPagesTexts();
  const [confirmation, setConfirmation] = useState<Confirmation>({ state: 'opening' });

  useEffect(() => {
    let current = true;
    confirmRegistration(token).then(
      ({ username }) => current && setConfirmation({ state: 'open', username }),
      (error: unknown) => current && setConfirmation({ state: 'failed', message: translateError(error) }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (confirmation.state === 'opening') {
    return (
      <>
        <AuthHeading title={t('mail.confirming')} />
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center' }}>
          <CircularProgress aria-label={t('mail.confirming')} />
        </Box>
      </>
    );
  }
  if (confirmation.state === 'failed') {
    return (
      <>
        <AuthHeading title={t('mail.failedTitle')} />
        <Alert severity="warning" role="alert">
          {confirmation.message}
        </Alert>
        <AuthLinks
          links={[
            { text: t('mail.registerAgain'), to: authPageHref('register') },
            { text: t('links.signIn'), to: paths.login.getHref() },
          ]}
        />
      </>
    );
  }
  return (
    <>
      <AuthHeading title={t('mail.confirmed', { username: confirmation.username })} />
      <Alert severity="success" role="status">
        {t('mail.confirmedHint')}
      </Alert>
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained" size="large" fullWidth>
        {t('links.signIn')}
      </Button>
    </>
  );
}

/** What was sent: `?sent=register` after a registration, `?sent=reset` after a reset request. */
const sentTexts = { register: 'mail.registered', reset: 'mail.reset' } as const;

/**
 * /pages/auth/mail-confirm: without a token, "check your mail" (after a registration or a reset
 * request); with the registration mail's `?token=`, it opens the account (POST /api/auth/register/confirm).
 */
export function MailConfirmView() {
  const t = useAuthPagesTexts();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (token) return <ConfirmRegistration key={token} token={token} />;

  const sent = searchParams.get('sent');
  const text = sent === 'register' || sent === 'reset' ? t(sentTexts[sent]) : t('mail.generic');
  return (
    <>
      <AuthHeading title={t('mail.title')} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}>
        <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 64 }} />
        <Typography role="status">{text}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('mail.spam')}
        </Typography>
      </Box>
      <AuthLinks links={[{ text: t('links.backToSignIn'), to: paths.login.getHref() }]} />
    </>
  );
}
