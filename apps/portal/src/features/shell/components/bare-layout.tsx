import { Suspense } from 'react';
import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { useRouteHandle } from '@/shared/config/route-handle';

/**
 * The page alone, the whole window (SPEC §2: login, callback, logout and game hide the chrome). The
 * layout's options do not apply here: a first visit to /login does not download the shell.
 */
export function BareLayout() {
  const { layout } = useRouteHandle();
  return (
    <Box
      component="main"
      id="main-content"
      tabIndex={-1}
      className={layout.mainClass}
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', outline: 'none' }}
    >
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
