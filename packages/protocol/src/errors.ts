import { z } from 'zod/mini';

/** The error shape of SPEC §7/§8: ErrorMessage, code, Params. Every failed request answers it. */
export const errorAnswer = z.object({
  status: z.optional(z.literal(false)),
  code: z.int(),
  ErrorMessage: z.string(),
  Params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;
