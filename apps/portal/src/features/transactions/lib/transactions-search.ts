import { z } from 'zod';
import { actionCodeNames, type ActionCode } from '@reelcast/protocol';
import { listSearchFields } from '@/shared/lib/list-search-params';

export const actionCodes = Object.keys(actionCodeNames).map(Number) as ActionCode[];

/** /transactions?page&perPage&search&action&from&to — the list state in the URL. */
export const transactionsSearchSchema = z.object({
  ...listSearchFields,
  action: z.coerce
    .number()
    .refine((value): value is ActionCode => (actionCodes as number[]).includes(value))
    .transform((value) => value as ActionCode)
    .optional()
    .catch(undefined),
});
export type TransactionsSearch = z.output<typeof transactionsSearchSchema>;
