import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslation } from 'react-i18next';

/** Placeholder for pages that later issues fill in. */
export function ComingSoon({ title, description }: { title: string; description?: string }) {
  const { t } = useTranslation();
  return (
    <Box component="section" sx={{ p: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, color: 'text.secondary', mt: 4 }}>
        <ConstructionIcon fontSize="large" aria-hidden />
        <div>
          <Typography variant="h6" component="p">
            {t('pages.comingSoonTitle')}
          </Typography>
          <Typography>{description ?? t('pages.comingSoon')}</Typography>
        </div>
      </Box>
    </Box>
  );
}
