import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createRoutes, patchRoutesOnNavigation, routePrefetched } from './routes';

export { prepareTheme } from '@/shared/theme/prepare-theme';
/** The app's theme around a screen shown instead of the app (features/door: the browser notices, the IP check). */
export { DirectionProvider as ThemeFrame } from '@/shared/theme/direction-provider';

const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient), { patchRoutesOnNavigation });

/** The first page is on screen once the router has fetched its code (lazy routes) and run its loaders. */
export const pageShown = () =>
  new Promise<void>((resolve) => {
    const shown = () => router.state.initialized && router.state.navigation.state === 'idle';
    if (shown()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (!shown()) return;
      unsubscribe();
      resolve();
    });
  });

/** The first page is on screen with its data: its code fetched, its loaders run, the queries they started answered. */
export const pageShownWithData = () => pageShown().then(routePrefetched);

export function App() {
  return (
    <AppProvider queryClient={queryClient} pageShown={pageShown}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
