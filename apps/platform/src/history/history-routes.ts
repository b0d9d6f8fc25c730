import { errorAnswer, sessionListQuery, sessionPage, transactionListQuery, transactionPage } from '@reelcast/protocol';
import { playerOf, requirePlayer } from '../http/authenticate.ts';
import { zod, type RouteModule } from '../http/context.ts';
import { HistoryQueries } from './history-queries.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/** The Slot Sessions and Transactions pages (docs/api.md "History"). */
export const historyRoutes: RouteModule = (app, { auth, database }) => {
  const api = zod(app);
  const history = new HistoryQueries(database.db);
  const meta = { tags: ['history'], security: [{ bearer: [] }] };

  api.get(
    '/player/sessions',
    {
      preHandler: requirePlayer(auth),
      schema: {
        ...meta,
        summary: "The player's slot sessions, newest first; search matches the machine or brand name",
        querystring: sessionListQuery,
        response: { 200: sessionPage, ...errors },
      },
    },
    (request) => history.sessions(playerOf(request).id, request.query),
  );

  api.get(
    '/player/transactions',
    {
      preHandler: requirePlayer(auth),
      schema: {
        ...meta,
        summary: "Every movement of the player's wallet, newest first, signed from the wallet's view",
        querystring: transactionListQuery,
        response: { 200: transactionPage, ...errors },
      },
    },
    (request) => history.transactions(playerOf(request).id, request.query),
  );
};
