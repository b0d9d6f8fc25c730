import { z } from 'zod/mini';
import { errorAnswer } from './errors.ts';
import { documented } from './meta.ts';

/**
 * The answer of GET /player/discount, GET /player/bonus and GET /player/bonus/weekly (SPEC §3, §7):
 * a grant (`status: true`, code 20000, `Params.amount` granted in minor units) or a refusal
 * (`status: false`, a promotions code, its Params). Both answer HTTP 200; 4xx is for auth and bad input.
 * The rules behind them: docs/business-rules.md.
 *
 * @example
 * const answer = promotionAnswer.parse(await (await fetch('/player/bonus/weekly', { headers })).json())
 * if (answer.status) toast(`${answer.Params.amount / 100} weakly bonus successfully!`)
 */
export const promotionAnswer = z.object({
  status: z.boolean(),
  code: z.int(),
  Params: z.catchall(
    z.object({
      amount: documented(z.int().check(z.nonnegative()), {
        description: 'Granted amount in minor units (cents); on a refusal the amount the code refers to, or 0',
      }),
    }),
    z.union([z.string(), z.number()]),
  ),
  ErrorMessage: z.string(),
});
export type PromotionAnswer = z.infer<typeof promotionAnswer>;

/**
 * A promotion call that was refused before its rules ran (no token, a rate limit, a country not
 * permitted): an error status with SPEC §3's `status: false` and the usual code, ErrorMessage, Params.
 */
export const promotionRefusal = z.extend(errorAnswer, { status: z.literal(false) });
export type PromotionRefusal = z.infer<typeof promotionRefusal>;

export const promotionKinds = ['discount', 'bonus', 'weekly'] as const;
export type PromotionKind = (typeof promotionKinds)[number];
