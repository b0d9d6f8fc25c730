import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

/** SPEC §4: shown until the stored token has been checked. */
export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-label={t('common.loading')}
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 3 }}
    >
      <Logo size={96} withName={false} />
      <LinearProgress color="primary" sx={{ width: 160 }} />
    </Box>
  );
}
