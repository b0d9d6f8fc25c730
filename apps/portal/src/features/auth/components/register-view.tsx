import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { useRegistrationState } from '../api/get-registration-state';
import { authPageHref, type Presentation } from '../lib/auth-page-href';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { AuthHeading } from './auth-heading';
import { AuthLinks } from './auth-links';
import { RegisterForm } from './register-form';

/**
 * /pages/auth/register, -2, -3: asks first whether registration is open (GET /api/auth/register);
 * closed, a notice instead of the form. Sent, /pages/auth/mail-confirm says to check the mail.
 */
export function RegisterView({ presentation }: { presentation: Presentation }) {
  const t = useAuthPagesTexts();
  const navigate = useNavigate();
  const state = useRegistrationState();
  const open = state.data?.open === true;

  return (
    <>
      <AuthHeading title={t('register.title')} subtitle={open ? t('register.subtitle') : undefined} />
      {state.isPending ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('register.checking')}</Typography>
        </Box>
      ) : state.isError ? (
        <LoadFailedAlert onRetry={() => void state.refetch()}>{t('register.loadFailed')}</LoadFailedAlert>
      ) : open ? (
        <RegisterForm
          rules={state.data}
          onSent={() => void navigate(authPageHref('mail-confirm', 1, { sent: 'register' }))}
          onClosed={() => void state.refetch()}
        />
      ) : (
        <Alert severity="info" role="status">
          <AlertTitle component="h2">{t('register.closedTitle')}</AlertTitle>
          {t('register.closedText')}
        </Alert>
      )}
      <AuthLinks links={[{ lead: t('links.haveAccount'), text: t('links.signIn'), to: authPageHref('login', presentation) }]} />
    </>
  );
}
