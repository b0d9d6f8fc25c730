import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
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
      {layout.navbar && navbar}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {layout.toolbar && toolbar}
        <Box component="main" id="main-content" className={layout.mainClass} sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
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
