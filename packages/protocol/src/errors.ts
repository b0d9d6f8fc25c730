import { z } from 'zod';

/** The error shape of SPEC §7/§8: ErrorMessage, code, Params. Every failed request answers it. */
export const errorAnswer = z.object({
  status: z.literal(false).optional(),
  code: z.int(),
  ErrorMessage: z.string(),
  Params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;
