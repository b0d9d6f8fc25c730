import { z } from 'zod/mini';
import { listSearchFields } from '@/shared/lib/list-search-params';

/** /slot-sessions?page&perPage&search&from&to — the list state in the URL. */
export const sessionsSearchSchema = z.object(listSearchFields);
export type SessionsSearch = z.output<typeof sessionsSearchSchema>;
