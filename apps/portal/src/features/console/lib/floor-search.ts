import { z } from 'zod/mini';
import { floorStatus } from '@reelcast/protocol';

/** The floor's filters, in the URL (`?brand=Dragon&status=playing`); a stale or hand-typed value shows every machine. */
export const floorSearchSchema = z.object({
  brand: z.catch(z.string().check(z.maxLength(100)), ''),
  status: z.catch(z.optional(floorStatus), undefined),
});
export type FloorSearch = z.infer<typeof floorSearchSchema>;
