import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createRoutes } from './routes';

export { prepareTheme } from '@/shared/theme/prepare-theme';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

/** The first page is on screen once the router has fetched its code (lazy routes) and run its loaders. */
const pageShown = () =>
  new Promise<void>((resolve) => {
    const shown = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (shown()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!shown()) return;
      unsubscribe();
      resolve();
    });
  });

export function App() {
  return (
    <AppProvider queryClient={queryClient} pageShown={pageShown}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
