import { promotionAnswer, promotionRefusal, type PromotionKind } from '@reelcast/protocol';
import { failureAnswering, playerOf, requirePlayer, zod, type RouteModule, throttles } from '../http/index.ts';
import { requirePermittedCountry } from '../ip-check/index.ts';

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
export const promotionsRoutes: RouteModule = (app, { auth, promotions, limits, ipCheck }) => {
  const permitted = requirePermittedCountry(ipCheck);
  for (const call of calls) {
    zod(app).get(
      call.path,
      {
        preHandler: [requirePlayer(auth), ...throttles(limits.money), permitted],
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
};
