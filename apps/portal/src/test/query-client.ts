import { createQueryClient } from '@/app/query-client';

/** The app's own query client (its one error path), without the routes and the shell that render-app.tsx brings. */
export const createTestQueryClient = createQueryClient;
