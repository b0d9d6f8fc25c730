import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { Logo } from '@/shared/components/logo';
import { paths } from '@/shared/config/paths';

/** SPEC §2: the shell's logo links to /lobby (the navbar's, the horizontal menu bar's, the compact toolbar's). */
export function LobbyLogoLink({ withName = true, onClick }: { withName?: boolean; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <Box
      component={RouterLink}
      to={paths.lobby.getHref()}
      // The name starts with the name shown (WCAG 2.5.3, axe label-content-name-mismatch).
      aria-label={withName ? `${t('common.appName')}: ${t('shell.goToLobby')}` : t('shell.goToLobby')}
      onClick={onClick}
      sx={{ display: 'flex', color: 'inherit', textDecoration: 'none' }}
    >
      <Logo size={36} withName={withName} />
    </Box>
  );
}
