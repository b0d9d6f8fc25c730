import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ComingSoon } from '@/shared/components/coming-soon';
import { paths } from '@/shared/config/paths';

/** /game/:gameId/:name: placeholder until the remote-play issue. */
export function GamePage() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  return (
    <Box sx={{ p: 2 }}>
      <ComingSoon title={t('pages.gameTitle')} description={t('pages.gameComingSoon', { name })} />
      <Button component={RouterLink} to={paths.lobby.getHref()} variant="contained" sx={{ mx: { xs: 2, md: 4 } }}>
        {t('lobby.backToLobby')}
      </Button>
    </Box>
  );
}
