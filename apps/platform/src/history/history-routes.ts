import { errorAnswer, sessionListQuery, sessionPage, transactionListQuery, transactionPage } from '@reelcast/protocol';
import type { Database } from '../db/index.ts';
import { playerOf, signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import { SlotSessionHistory } from '../machines/index.ts';
import { TransactionHistory } from '../wallet/index.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/** The Slot Sessions and Transactions pages (docs/api.md "History"). */
export const registerHistory: RouteModule<{ auth: Authenticator; database: Pick<Database, 'db'> }> = (app, { auth, database }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const sessions = new SlotSessionHistory(database.db);
    const transactions = new TransactionHistory(database.db);
    const meta = { tags: ['history'], security: [{ bearer: [] }] };

    api.get(
      '/player/sessions',
      {
        schema: {
          ...meta,
          summary: "The player's slot sessions, newest first; search matches the machine or brand name",
          querystring: sessionListQuery,
          response: { 200: sessionPage, ...errors },
        },
      },
      (request) => sessions.page(playerOf(request).id, request.query),
    );

    api.get(
      '/player/transactions',
      {
        schema: {
          ...meta,
          summary: "Every movement of the player's wallet, newest first, signed from the wallet's view",
          querystring: transactionListQuery,
          response: { 200: transactionPage, ...errors },
        },
      },
      (request) => transactions.page(playerOf(request).id, request.query),
    );
  });
