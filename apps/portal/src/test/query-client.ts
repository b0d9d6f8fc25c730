import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient, handleApiError } from '@/app/query-client';
import { stopAfterTest } from './after-test';

/**
 * The app's own query client (its one error path), without the routes and the shell that render-app.tsx
 * brings. After the test its requests still under way are cancelled and it is cleared: a query that failed on
 * the network is tried again a second later (the app's retry rule), and in the next file, which shares the
 * worker's window, that request reached a fetch stub that did not expect it. Its errors reach the app's error
 * path only while its test runs: a request started after the test (a route's prefetch, which waits for its
 * module first, starts on a client already cleared) failed on the next test's fetch stub, and its
 * network-error toast replaced the message bar that test was reading.
 */
export function createTestQueryClient(): QueryClient {
  let stopped = false;
  const client = createQueryClient((error) => {
    if (!stopped) handleApiError(error);
  });
  stopAfterTest(async () => {
    stopped = true;
    await client.cancelQueries();
    client.clear();
  });
  return client;
}
