import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

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
    <AppProvider pageShown={pageShown}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
