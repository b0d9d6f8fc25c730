import { z } from 'zod/mini';
import { actionCodeNames, type ActionCode } from '@reelcast/protocol';
import { listSearchFields } from '@/shared/lib/list-search-params';

export const actionCodes = Object.keys(actionCodeNames).map(Number) as ActionCode[];

/** /transactions?page&perPage&search&action&from&to — the list state in the URL. */
export const transactionsSearchSchema = z.object({
  ...listSearchFields,
  action: z.catch(
    z.optional(
      z.pipe(
        z.coerce.number().check(z.refine((value: number): value is ActionCode => (actionCodes as number[]).includes(value))),
        z.transform((value: number) => value as ActionCode),
      ),
    ),
    undefined,
  ),
});
export type TransactionsSearch = z.output<typeof transactionsSearchSchema>;
