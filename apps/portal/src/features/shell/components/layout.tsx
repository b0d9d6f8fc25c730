import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { useRouteHandle } from '@/shared/config/route-handle';
import { BOXED_MAX_WIDTH, CONTAINER_WIDTH } from '@/shared/shell-settings/layout-config';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { PartTheme } from '@/shared/theme/part-theme';
import { useServerRender } from '../lib/server-render';
import { ShellLayoutContext } from '../lib/shell-layout';
import { useIsMobile } from '../lib/use-is-mobile';
import type { NavItem } from '../navigation/types';

// layout2 and layout3 only: their navigation bar, with the horizontal menu, comes when one is chosen.
const HorizontalNavbar = lazy(() => import('./horizontal-navbar').then((module) => ({ default: module.HorizontalNavbar })));

type LayoutProps = {
  toolbar?: ReactNode;
  /** The vertical navbar: layout1's, and every layout's below the lg breakpoint (a temporary drawer). */
  navbar?: ReactNode;
  /** What the horizontal navigation of layout2 and layout3 shows: the tree already pruned for the user. */
  navigation?: readonly NavItem[];
  footer?: ReactNode;
  leftSidePanel?: ReactNode;
  rightSidePanel?: ReactNode;
  /** Dialogs and other overlays of the shell (the reconnect dialog). */
  panels?: ReactNode;
};

type Options = { display: boolean; style: 'fixed' | 'static'; position: 'above' | 'below' };

/**
 * Where a bar goes: `span` the layout's width (above the navbar and side panels), the content
 * column's `edge` (below: beside them), or `scroll` with the page. Fixed bars stay on screen; in
 * content scroll a static bar scrolls with the page in its column whatever its position.
 */
function placeBar(shown: boolean, options: Options, content: boolean): 'none' | 'span' | 'edge' | 'scroll' {
  if (!shown) return 'none';
  const fixed = options.style === 'fixed';
  if (options.position === 'above' && (fixed || !content)) return 'span';
  return fixed ? 'edge' : 'scroll';
}

/**
 * The shell in the chosen layout (SHELL.md): layout1 a vertical navbar beside the page, layout2 a
 * navigation bar then the toolbar, layout3 the toolbar then a dense navigation bar. A part shows when
 * the route allows it and the layout's options say so. docs/portal-shell.md "Layouts" says what each
 * option does.
 */
export function Layout({ navbar, navigation, leftSidePanel, rightSidePanel, panels, ...bars }: LayoutProps) {
  const { layout: route } = useRouteHandle();
  const { style, config } = useShellSettings((settings) => settings.layout);
  const isMobile = useIsMobile();
  // On the platform, laid out for a wide screen: what a screen below lg shows otherwise is left to CSS.
  const server = useServerRender();
  const wideOnly = server ? { xs: 'none', lg: 'flex' } : 'flex';
  const { pathname } = useLocation();
  const scroller = useRef<HTMLDivElement>(null);
  // In content scroll the page scrolls in its own area, which a new page starts at the top of. (A
  // block body: Chromium's scrollTo may answer a promise, which React would take for a cleanup.)
  useEffect(() => {
    scroller.current?.scrollTo?.(0, 0);
  }, [pathname]);
  const content = config.scroll === 'content';
  const showNavbar = route.navbar && config.navbar.display;
  const navbarEnd = style === 'layout1' && config.navbar.position === 'right';
  const horizontal = style !== 'layout1' && !isMobile;
  const container = config.mode === 'container' ? CONTAINER_WIDTH : undefined;
  const top = placeBar(route.toolbar && config.toolbar.display, config.toolbar, content);
  const bottom = placeBar(route.footer && config.footer.display, config.footer, content);
  const stickyHead = top === 'span' && config.toolbar.style === 'fixed';
  const stick = (side: 'top' | 'bottom') => (content ? {} : { position: 'sticky', [side]: 0, zIndex: 'appBar' });
  const panelsShown = route.panels;
  // The footer's content keeps to the container's width while its background spans the layout.
  const keepToContainer = { '& footer': container ? { paddingInline: `max(16px, calc((100% - ${container}px) / 2))` } : {} };

  const toolbar = <PartTheme part="toolbar">{bars.toolbar}</PartTheme>;
  const footer = <PartTheme part="footer">{bars.footer}</PartTheme>;
  const menuBar = (
    <Suspense fallback={<Box sx={{ minHeight: 48 }} />}>
      <PartTheme part="navbar">
        <HorizontalNavbar items={navigation ?? []} compact={style === 'layout3'} />
      </PartTheme>
    </Suspense>
  );
  const horizontalNavbar =
    horizontal && showNavbar && navigation && (server ? <Box sx={{ display: { xs: 'none', lg: 'block' } }}>{menuBar}</Box> : menuBar);
  const sideNavbar = showNavbar && !horizontal && (
    <Box
      sx={{
        display: wideOnly,
        flex: '0 0 auto',
        position: content ? 'relative' : 'sticky',
        // Beside a toolbar fixed above (large screens: 64 px high), the navbar starts below it.
        top: stickyHead ? 64 : 0,
        height: content ? 'auto' : `calc(100vh - ${stickyHead ? 64 : 0}px)`,
        zIndex: 'drawer',
      }}
    >
      <PartTheme part="navbar">{navbar}</PartTheme>
    </Box>
  );

  return (
    <ShellLayoutContext value={{ navbar: showNavbar, navbarEnd, toolbar: top !== 'none', container }}>
      <Box
        data-layout={style}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          width: '100%',
          ...(content ? { height: '100vh', overflow: 'hidden' } : { minHeight: '100vh' }),
          ...(config.mode === 'boxed' && { maxWidth: BOXED_MAX_WIDTH[style], mx: 'auto', boxShadow: 8 }),
        }}
      >
        {route.toolbar && <SkipLink />}
        <Box sx={stickyHead ? stick('top') : {}}>
          {style !== 'layout3' && horizontalNavbar}
          {top === 'span' && toolbar}
          {style === 'layout3' && horizontalNavbar}
        </Box>
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
          {panelsShown && config.leftSidePanel.display && leftSidePanel}
          {!navbarEnd && sideNavbar}
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {top === 'edge' && <Box sx={stick('top')}>{toolbar}</Box>}
            {/* The page's area, the route's class (the lobby's background) across its whole width. */}
            <Box
              ref={scroller}
              className={route.mainClass}
              sx={{ flex: 1, display: 'flex', flexDirection: 'column', ...(content && { minHeight: 0, overflowY: 'auto' }) }}
            >
              {top === 'scroll' && toolbar}
              <Box
                component="main"
                id="main-content"
                tabIndex={-1}
                sx={{
                  flex: '1 0 auto',
                  display: 'flex',
                  flexDirection: 'column',
                  width: '100%',
                  maxWidth: container,
                  mx: 'auto',
                  outline: 'none',
                }}
              >
                <Suspense fallback={<LoadingScreen />}>
                  <Outlet />
                </Suspense>
              </Box>
              {bottom === 'scroll' && <Box sx={keepToContainer}>{footer}</Box>}
            </Box>
            {bottom === 'edge' && <Box sx={[stick('bottom'), keepToContainer]}>{footer}</Box>}
          </Box>
          {navbarEnd && sideNavbar}
          {panelsShown && config.rightSidePanel.display && rightSidePanel}
        </Box>
        {bottom === 'span' && <Box sx={[config.footer.style === 'fixed' ? stick('bottom') : {}, keepToContainer]}>{footer}</Box>}
        {panelsShown && panels}
      </Box>
    </ShellLayoutContext>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'fixed',
        insetInlineStart: 8,
        top: -48,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        '&:focus': { top: 8 },
      }}
    >
      {t('shell.skipToContent')}
    </Box>
  );
}
