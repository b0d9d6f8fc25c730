import { useEffect, useState, type FocusEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import MenuIcon from '@mui/icons-material/Menu';
import { UI_VERSION } from '@reelcast/protocol';
import { LobbyLogoLink } from './lobby-logo-link';
import { useOnDemand } from '@/shared/lib/use-on-demand';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { NAVBAR_FOLDED_WIDTH, NAVBAR_WIDTH } from '@/shared/theme/theme';
import { useShellLayout } from '../lib/shell-layout';
import { toggleNavbarFolded, useShellStore } from '../lib/shell-store';
import { useIsMobile } from '../lib/use-is-mobile';
import type { NavItem } from '../navigation/types';
import { VerticalNavigation } from '../navigation/vertical-navigation';

// MUI's Drawer brings Modal, focus trap, Backdrop and Slide: only the small-screen navbar needs them,
// and only once it is opened.
const fetchDrawer = () => import('@mui/material/Drawer').then((module) => module.default);

type NavbarDrawerProps = {
  items: readonly NavItem[];
  /** Above the navigation: the user's name and balance. */
  userPanel?: ReactNode;
  /** Below the navigation: last-login details. */
  footer?: ReactNode;
};

/**
 * SPEC §2 left menu: logo linking to /lobby, a 'Menu' label, the navigation and the version label.
 * Large screens: permanent, 280 px, folds to 64 px (`navbar.folded`) and opens on hover or focus.
 * Small screens: temporary, with a close toggle; picking an item closes it. `navbar.position` left is
 * the start side and right the end side, so Arabic mirrors them (MUI's Drawer flips its anchor itself).
 */
export function NavbarDrawer({ items, userPanel, footer }: NavbarDrawerProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const folded = useShellSettings((settings) => settings.layout.config.navbar.folded);
  const { navbarEnd } = useShellLayout();
  // The fold icon's arrow points at the navbar's outer edge: the left, unless RTL or the end side puts it on the right.
  const arrowRight = (useTheme().direction === 'rtl') !== navbarEnd;
  const mobileOpen = useShellStore((state) => state.mobileNavbarOpen);
  const setMobileOpen = useShellStore((state) => state.setMobileNavbarOpen);
  const [hovered, setHovered] = useState(false);
  const [Drawer, loadDrawer] = useOnDemand(fetchDrawer);
  const collapsed = !isMobile && folded && !hovered;
  const close = () => setMobileOpen(false);
  const wantDrawer = isMobile && mobileOpen && !Drawer;
  useEffect(() => {
    if (wantDrawer) loadDrawer(() => {});
  }, [wantDrawer, loadDrawer]);

  const content = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: collapsed ? 1 : 2, minHeight: 64 }}>
        <LobbyLogoLink withName={!collapsed} onClick={isMobile ? close : undefined} />
        <Box sx={{ flex: 1 }} />
        {isMobile ? (
          <IconButton aria-label={t('shell.closeNavigation')} onClick={close} size="small">
            <CloseIcon />
          </IconButton>
        ) : (
          !collapsed && (
            <IconButton
              aria-label={folded ? t('shell.unfoldNavigation') : t('shell.foldNavigation')}
              aria-pressed={folded}
              onClick={toggleNavbarFolded}
              size="small"
            >
              {folded ? <MenuIcon /> : <MenuOpenIcon sx={arrowRight ? { transform: 'scaleX(-1)' } : undefined} />}
            </IconButton>
          )
        )}
      </Box>
      {!collapsed && userPanel}
      {items.length > 0 ? (
        <>
          <Typography variant="overline" color="text.secondary" sx={{ px: 3, pt: 1, visibility: collapsed ? 'hidden' : 'visible' }}>
            {t('nav.menu')}
          </Typography>
          <Box component="nav" aria-label={t('nav.menu')} sx={{ flex: 1, overflowY: 'auto' }}>
            <VerticalNavigation items={items} dense={collapsed} onItemClick={isMobile ? close : undefined} />
          </Box>
        </>
      ) : (
        // A guest has no item: no 'Menu' heading over an empty menu.
        <Box sx={{ flex: 1 }} />
      )}
      {!collapsed && footer}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ px: 2, py: 1, textAlign: collapsed ? 'center' : 'start' }}
        data-testid="navbar-version"
      >
        {UI_VERSION}
      </Typography>
    </Box>
  );

  const paperSx = {
    bgcolor: 'background.paper',
    backgroundImage: 'none',
    [navbarEnd ? 'borderInlineStart' : 'borderInlineEnd']: 1,
    borderColor: 'divider',
  };

  if (isMobile) {
    if (!Drawer) return null;
    return (
      <Drawer
        variant="temporary"
        anchor={navbarEnd ? 'right' : 'left'}
        open={mobileOpen}
        onClose={close}
        ModalProps={{ keepMounted: true }}
        slotProps={{ paper: { id: 'navbar', sx: { ...paperSx, width: NAVBAR_WIDTH } } }}
      >
        {content}
      </Drawer>
    );
  }

  // What a permanent MUI Drawer draws: a paper at its side of the layout, over the page while a folded one is open.
  return (
    <Box sx={{ position: 'relative', width: folded ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH, flex: '0 0 auto', transition: 'width 150ms' }}>
      <Paper
        id="navbar"
        square
        elevation={0}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        // Keyboard users open the folded menu by moving focus into it.
        onFocus={() => setHovered(true)}
        onBlur={(event: FocusEvent<HTMLDivElement>) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setHovered(false);
        }}
        sx={{
          ...paperSx,
          position: 'absolute',
          top: 0,
          [navbarEnd ? 'insetInlineEnd' : 'insetInlineStart']: 0,
          height: '100%',
          overflowY: 'auto',
          display: 'flex',
          flexDirection: 'column',
          outline: 0,
          width: collapsed ? NAVBAR_FOLDED_WIDTH : NAVBAR_WIDTH,
          transition: 'width 150ms',
          zIndex: (theme) => theme.zIndex.drawer + 1,
        }}
      >
        {content}
      </Paper>
    </Box>
  );
}
