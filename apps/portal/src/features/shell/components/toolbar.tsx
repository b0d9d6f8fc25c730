import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MuiToolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { ToolbarFoldContext, type ToolbarFold } from '@/shared/components/toolbar-fold';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { useShellLayout } from '../lib/shell-layout';
import { useServerRender } from '../lib/server-render';
import { useShellStore } from '../lib/shell-store';
import { contentWidth, useContentWidth } from '../lib/use-content-width';
import { useIsMobile } from '../lib/use-is-mobile';
import { LobbyLogoLink } from './lobby-logo-link';
import { ToolbarMoreButton } from './toolbar-more-button';

/**
 * The content width (px) each fold needs with every part on (every Settings.json button, the longest of
 * the three languages, a four-digit balance), measured in Chromium (e2e/toolbar.e2e.test.ts); the menu
 * button, layout3's logo and search field and each shortcut link add theirs.
 */
const needs = { none: 950, tools: 720, icons: 540 } as const;
const MENU_BUTTON = 48;
const COMPACT_START = 420;
const SHORTCUT = 40;
/** The money's own row: its 48 px buttons and 8 px below them. */
const MONEY_ROW = 56;

/** The toolbar's side padding on each side: below `sm`, and from it (MuiToolbar's `px` below). */
const PADDING = { xs: 8, sm: 24 } as const;
/** MUI's `sm` breakpoint. */
const SM = 600;

/**
 * The CSS media query that holds where the app puts the money in a row of its own (fold `rows`) on a
 * screen below `lg` (the menu button shown when there is a navbar): for a page rendered on the
 * platform, which cannot measure the row (features/shell/lib/server-render.ts). It leaves out a
 * classic scrollbar's width, which the row loses on a desktop: a window just wider than this (some 15 px)
 * gets the row from the app.
 */
export function moneyRowQuery(navbar: boolean): string {
  const needed = needs.icons + (navbar ? MENU_BUTTON : 0);
  const below = needed + 2 * PADDING.sm > SM ? needed + 2 * PADDING.sm : Math.min(needed + 2 * PADDING.xs, SM);
  return `@media (max-width:${below - 0.02}px)`;
}

/** The row's box, the same in the platform's page and the app's: its content width is the one the fold follows. */
const rowSx = (container: number | undefined) =>
  ({ minHeight: { xs: 56, sm: 64 }, px: { xs: 1, sm: 3 }, width: '100%', maxWidth: container, mx: 'auto' }) as const;

/**
 * The content width of the toolbar row in the page the platform rendered, while it is on screen (the
 * takeover's render, app/main.tsx): the app's row has the same box in the same place. Reading it then is
 * cheap: the page is laid out and nothing of the app is in it yet.
 */
function prerenderedRowWidth(): number | null {
  const row = document.querySelector<HTMLElement>('#root[data-prerendered] [data-toolbar-row]');
  return row ? contentWidth(row) : null;
}

function foldFor(width: number | null, extra: number, links: number): ToolbarFold {
  if (width === null) return 'none';
  // The shortcut links are in the row until the promotions turn to icons.
  if (width >= needs.none + extra + links) return 'none';
  if (width >= needs.tools + extra + links) return 'tools';
  return width >= needs.icons + extra ? 'icons' : 'rows';
}

type ToolbarProps = {
  /** The search and the shortcut bar: at the start, always shown. */
  start?: ReactNode;
  /** The secondary tools (information, documentation, language, quick panel): in the More menu once the row is short of room. */
  tools?: ReactNode;
  /** What stays in the row whatever its width (the team chat). */
  end?: ReactNode;
  /** The promotions and the balance: as icons, then a row of their own, as the width shrinks. */
  money?: ReactNode;
  /** The More menu's entries for what lives elsewhere on a wider screen (the settings drawers' buttons). */
  moreOnPhones?: ReactNode;
  /** How many shortcut links the shortcut bar shows (each one icon wide). */
  shortcuts?: number;
};

/**
 * The header bar: the navbar toggle on small screens (on the navbar's side), layout3's logo, then the
 * slots. What folds at which width is docs/portal-shell.md "The toolbar"; where the bar sits and whether
 * it stays on screen is the layout's business.
 */
export function Toolbar({ start, tools, end, money, moreOnPhones, shortcuts = 0 }: ToolbarProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { navbar, navbarEnd, container } = useShellLayout();
  const compact = useShellSettings((settings) => settings.layout.style === 'layout3') && !isMobile;
  const mobileOpen = useShellStore((state) => state.mobileNavbarOpen);
  const setMobileOpen = useShellStore((state) => state.setMobileNavbarOpen);
  const row = useRef<HTMLDivElement>(null);
  const toggleShown = isMobile && navbar;
  const server = useServerRender();
  const fold = foldFor(
    // (The platform's own render has no document to read.)
    useContentWidth(row, server ? undefined : prerenderedRowWidth),
    (toggleShown ? MENU_BUTTON : 0) + (compact ? COMPACT_START : 0),
    shortcuts * SHORTCUT,
  );
  const toggle = toggleShown && (
    <IconButton
      aria-label={t('shell.openNavigation')}
      aria-controls="navbar"
      aria-expanded={mobileOpen}
      onClick={() => setMobileOpen(true)}
      sx={{ order: navbarEnd ? 1 : 0 }}
    >
      <MenuIcon />
    </IconButton>
  );
  if (server)
    return (
      <Box component="header" sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
        <MuiToolbar data-toolbar-row sx={rowSx(container)} />
        {money && (
          <Box data-testid="toolbar-money-row" sx={{ display: 'none', [moneyRowQuery(navbar)]: { display: 'block', height: MONEY_ROW } }} />
        )}
      </Box>
    );
  // In a row of their own the money buttons keep 4 px apart: three of them and the balance fit 320 px.
  const moneyGroup = <Box sx={{ display: 'flex', alignItems: 'center', gap: fold === 'rows' ? 0.5 : 1, flexWrap: 'wrap' }}>{money}</Box>;
  return (
    <ToolbarFoldContext value={fold}>
      {/* A header, not MUI's AppBar: where the bar sits is the layout's business, and AppBar's Paper and
          position styles would only be overridden (one MUI component less in the first load). */}
      <Box component="header" sx={{ bgcolor: 'background.paper', color: 'text.primary', borderBottom: 1, borderColor: 'divider' }}>
        {/* Wrapping only if a part is wider than the fold planned for (a very large balance): a control
            then goes below, never under another. */}
        <MuiToolbar ref={row} sx={{ ...rowSx(container), gap: 1, flexWrap: 'wrap' }}>
          {toggle}
          {compact && <LobbyLogoLink />}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>{start}</Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, marginInlineStart: 'auto' }}>
            {fold === 'none' ? tools : <ToolbarMoreButton phoneOnly={moreOnPhones}>{tools}</ToolbarMoreButton>}
            {end}
            {fold !== 'rows' && moneyGroup}
          </Box>
        </MuiToolbar>
        {fold === 'rows' && (
          <Box data-testid="toolbar-money-row" sx={{ px: 1, pb: 1, '& > div': { justifyContent: 'space-between' } }}>
            {moneyGroup}
          </Box>
        )}
      </Box>
    </ToolbarFoldContext>
  );
}
