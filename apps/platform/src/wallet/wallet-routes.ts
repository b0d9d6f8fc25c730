import { balanceAnswer, errorAnswer } from '@reelcast/protocol';
import { playerOf, requirePlayer, zod, type RouteModule } from '../http/index.ts';

export const walletRoutes: RouteModule = (app, { auth, ledger }) => {
  zod(app).get(
    '/player/balance',
    {
      preHandler: requirePlayer(auth),
      schema: {
        tags: ['wallet'],
        summary: "The player's wallet balance in minor units (cents)",
        security: [{ bearer: [] }],
        response: { 200: balanceAnswer, '4xx': errorAnswer },
      },
    },
    async (request) => ({ balance: await ledger.balance(playerOf(request).id) }),
  );
};
