import { promotionAnswer, promotionRefusal, type PromotionKind } from '@reelcast/protocol';
import {
  failureAnswering,
  playerOf,
  signedInRoutes,
  zod,
  type Authenticator,
  type RateLimits,
  type RouteModule,
  throttles,
} from '../http/index.ts';
import { requirePermittedCountry, type IpCheck } from '../ip-check/index.ts';
import type { PromotionsService } from './promotions-service.ts';

const calls: { path: string; kind: PromotionKind; summary: string }[] = [
  {
    path: '/player/discount',
    kind: 'discount',
    summary: 'Claim the discount: a rebate on the net loss since the last discount, when the balance is low',
  },
  { path: '/player/bonus', kind: 'bonus', summary: "Claim the bonus: a rebate on today's net loss since the last bonus" },
  {
    path: '/player/bonus/weekly',
    kind: 'weekly',
    summary: "Claim the weekly bonus: a share of last week's net loss, once per week, with a payout cap",
  },
];

/**
 * SPEC §7 promotion calls. A grant and a refusal both answer 200 `{ status, code, Params.amount, ErrorMessage }`;
 * a request refused before the rules run (no token, a rate limit, the country) answers its error status
 * with `status: false` too, so every answer has SPEC §3's shape. The rules: docs/business-rules.md.
 */
export interface PromotionsDeps {
  auth: Authenticator;
  promotions: PromotionsService;
  limits: Pick<RateLimits, 'money'>;
  ipCheck: IpCheck;
}

export const registerPromotions: RouteModule<PromotionsDeps> = (app, { auth, promotions, limits, ipCheck }) =>
  signedInRoutes(app, auth, (scope) => {
    const permitted = requirePermittedCountry(ipCheck);
    for (const call of calls) {
      zod(scope).get(
        call.path,
        {
          preHandler: [...throttles(limits.money), permitted],
          errorHandler: failureAnswering({ status: false }),
          schema: {
            tags: ['promotions'],
            summary: call.summary,
            security: [{ bearer: [] }],
            response: { 200: promotionAnswer, '4xx': promotionRefusal, '5xx': promotionRefusal },
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          return promotions.claim(call.kind, playerOf(request).id);
        },
      );
    }
  });
