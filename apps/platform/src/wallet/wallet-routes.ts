import { balanceAnswer, errorAnswer } from '@reelcast/protocol';
import { playerOf, signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import type { Ledger } from './ledger.ts';

export const registerWallet: RouteModule<{ auth: Authenticator; ledger: Pick<Ledger, 'balance'> }> = (app, { auth, ledger }) =>
  signedInRoutes(app, auth, (scope) => {
    zod(scope).get(
      '/player/balance',
      {
        schema: {
          tags: ['wallet'],
          summary: "The player's wallet balance in minor units (cents)",
          security: [{ bearer: [] }],
          response: { 200: balanceAnswer, '4xx': errorAnswer },
        },
      },
      async (request) => ({ balance: await ledger.balance(playerOf(request).id) }),
    );
  });
