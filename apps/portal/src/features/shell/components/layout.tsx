import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { useRouteHandle } from '@/shared/config/route-handle';

type LayoutProps = {
  toolbar?: ReactNode;
  navbar?: ReactNode;
  footer?: ReactNode;
  /** Extra panels (chat, quick panel, settings) that later issues add. */
  panels?: ReactNode;
};

/**
 * The shell: navbar beside a column of toolbar, page and footer. Each slot is hidden on routes whose
 * layout config says so (SPEC §2: login and game hide the chrome).
 */
export function Layout({ toolbar, navbar, footer, panels }: LayoutProps) {
  const { layout } = useRouteHandle();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', width: '100%' }}>
      {layout.toolbar && <SkipLink />}
      {layout.navbar && navbar}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {layout.toolbar && toolbar}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          className={layout.mainClass}
          sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0, outline: 'none' }}
        >
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Box>
        {layout.footer && footer}
      </Box>
      {layout.toolbar && panels}
    </Box>
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
