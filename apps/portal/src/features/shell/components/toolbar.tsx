import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MuiToolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { LobbyLogoLink } from './lobby-logo-link';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { useShellLayout } from '../lib/shell-layout';
import { useShellStore } from '../lib/shell-store';
import { useIsMobile } from '../lib/use-is-mobile';

/**
 * The header bar: the navbar toggle on small screens (on the navbar's side), layout3's logo, then the
 * `start` and `end` slots. Where it sits and whether it stays on screen is the layout's business.
 */
export function Toolbar({ start, end }: { start?: ReactNode; end?: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { navbar, navbarEnd, container } = useShellLayout();
  const compact = useShellSettings((settings) => settings.layout.style === 'layout3');
  const mobileOpen = useShellStore((state) => state.mobileNavbarOpen);
  const setMobileOpen = useShellStore((state) => state.setMobileNavbarOpen);
  const toggle = isMobile && navbar && (
    <IconButton
      edge={navbarEnd ? 'end' : 'start'}
      aria-label={t('shell.openNavigation')}
      aria-controls="navbar"
      aria-expanded={mobileOpen}
      onClick={() => setMobileOpen(true)}
      sx={{ order: navbarEnd ? 1 : 0 }}
    >
      <MenuIcon />
    </IconButton>
  );
  return (
    // A header, not MUI's AppBar: where the bar sits is the layout's business, and AppBar's Paper and
    // position styles would only be overridden (one MUI component less in the first load).
    <Box component="header" sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
      <MuiToolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 }, width: '100%', maxWidth: container, mx: 'auto' }}>
        {toggle}
        {compact && !isMobile && <LobbyLogoLink />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>{start}</Box>
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1.5 } }}>{end}</Box>
      </MuiToolbar>
    </Box>
  );
}
