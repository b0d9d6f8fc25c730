import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** SPEC §2: the generic loading screen shows 'Loading...'. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ flex: 1, minHeight: 240, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <Typography color="text.secondary">{t('common.loading')}</Typography>
      <CircularProgress size={28} aria-hidden />
    </Box>
  );
}
