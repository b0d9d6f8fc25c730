import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function Logo({ size = 40, withName = true }: { size?: number; withName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <img src="/assets/logo.svg" width={size} height={size} alt={t('common.logo')} />
      {withName && (
        <Typography component="span" variant="h6" sx={{ fontWeight: 800, letterSpacing: 0.5 }}>
          {t('common.appName')}
        </Typography>
      )}
    </Box>
  );
}
