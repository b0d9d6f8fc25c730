import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MuiToolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useShellStore } from '../lib/shell-store';
import { useIsMobile } from '../lib/use-is-mobile';

/** The header bar: the navbar toggle on small screens, then the `start` and `end` slots. */
export function Toolbar({ start, end }: { start?: ReactNode; end?: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const mobileOpen = useShellStore((state) => state.mobileNavbarOpen);
  const setMobileOpen = useShellStore((state) => state.setMobileNavbarOpen);
  return (
    <AppBar position="sticky" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <MuiToolbar sx={{ gap: 1, minHeight: { xs: 56, sm: 64 } }}>
        {isMobile && (
          <IconButton
            edge="start"
            aria-label={t('shell.openNavigation')}
            aria-controls="navbar"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>{start}</Box>
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1.5 } }}>{end}</Box>
      </MuiToolbar>
    </AppBar>
  );
}
