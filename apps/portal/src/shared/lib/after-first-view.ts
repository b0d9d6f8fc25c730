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

/** No script, style, image or API answer has finished loading for `ms` (nested lazy parts of the page included). */
const networkQuiet = (ms: number) =>
  new Promise<void>((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    let timer = setTimeout(done, ms);
    try {
      observer = new PerformanceObserver(() => {
        clearTimeout(timer);
        timer = setTimeout(done, ms);
      });
      observer.observe({ type: 'resource' });
    } catch {
      observer = undefined;
    }
  });

const browserIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });

/**
 * The page is gone while we waited (a test's document torn down between two waits): what waits for
 * the first view must not run at all, so this never resolves.
 */
const pageGone = () => typeof window === 'undefined';
const never = () => new Promise<never>(() => {});

/**
 * Resolves once the page has loaded, the first page is on screen (`pageShown`: its code fetched), every
 * query has answered, nothing has finished loading for a moment (the page's own lazy parts) and the
 * browser is idle. Work that can wait, such as the notification socket and its library, then does
 * not compete with the first view.
 */
export async function afterFirstView(queryClient: QueryClient, pageShown: () => Promise<void> = async () => {}): Promise<void> {
  await pageLoaded();
  await pageShown();
  do {
    await queriesAnswered(queryClient);
    await networkQuiet(300);
    if (pageGone()) return never();
    await browserIdle();
  } while (queryClient.isFetching() > 0);
  if (pageGone()) return never();
}
