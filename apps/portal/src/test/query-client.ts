import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { stopAfterTest } from './after-test';

/**
 * The app's own query client (its one error path), without the routes and the shell that render-app.tsx
 * brings. After the test its requests still under way are cancelled and it is cleared: a query that failed on
 * the network is tried again a second later (the app's retry rule), and in the next file, which shares the
 * worker's window, that request reached a fetch stub that did not expect it.
 */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  stopAfterTest(async () => {
    await client.cancelQueries();
    client.clear();
  });
  return client;
}
