import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { ContactLinks } from '@/shared/components/contact-links';
import { Logo } from '@/shared/components/logo';
import { useSettings } from '@/shared/config/settings';
import { LanguageSwitcher } from '@/shared/i18n/language-switcher';
import { LoginForm } from '../components/login-form';

// /pages/auth/login, -2 and -3 (./auth-page.tsx) take /login's form from here, the module /login loads:
// their chunk then loads this one whole instead of splitting the form out of it into a chunk both share.
export { LoginForm };

export function LoginPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [splashDone, setSplashDone] = useState(!settings.splash);

  if (!splashDone) {
    return (
      <ButtonBase
        onClick={() => setSplashDone(true)}
        aria-label={t('auth.splashHint')}
        sx={{ width: '100%', minHeight: '100vh', display: 'flex' }}
      >
        <Logo size={128} withName={false} />
      </ButtonBase>
    );
  }

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: 'radial-gradient(circle at 30% 20%, #24355a 0%, #0b1220 60%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }} elevation={8}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <Logo size={44} />
            {settings.languageSelect && <LanguageSwitcher />}
          </Box>
          {settings.tokenOnlyLogin ? (
            <Box role="alert">
              <Typography variant="h5" component="h1" gutterBottom>
                {t('auth.notAllowed')}
              </Typography>
              <Typography color="text.secondary">{t('auth.tokenNoLongerValid')}</Typography>
            </Box>
          ) : (
            <>
              <div>
                <Typography variant="h5" component="h1">
                  {t('auth.title')}
                </Typography>
                <Typography color="text.secondary">{t('auth.subtitle')}</Typography>
              </div>
              <LoginForm />
            </>
          )}
          {settings.contactOnLogin && <ContactLinks />}
        </CardContent>
      </Card>
    </Box>
  );
}
