import type { QueryClient } from '@tanstack/react-query';

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const queriesAnswered = (queryClient: QueryClient) =>
  new Promise<void>((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
  });

const browserIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

/**
 * Resolves once the page has loaded, the first page is on screen (`pageShown`: its code fetched), every
 * query has answered and the browser is idle. Work that can wait, such as the notification socket and
 * its library, then does not compete with the first view.
 */
export async function afterFirstView(queryClient: QueryClient, pageShown: () => Promise<void> = async () => {}): Promise<void> {
  await pageLoaded();
  await pageShown();
  do {
    await queriesAnswered(queryClient);
    await browserIdle();
  } while (queryClient.isFetching() > 0);
}
