import { ErrorCode, errorAnswer, idParam, playCountersAnswer, playCountersReport } from '@reelcast/protocol';
import { serviceTokenMatches } from '@reelcast/protocol/server';
import { zod, type RouteModule } from '../http/index.ts';
import { DomainError } from '../shared/index.ts';

/** The machine API call that feeds the brand jackpots (docs/jackpots.md), with the machine service token as Bearer. */
export const jackpotRoutes: RouteModule = (app, { jackpots, machineApiToken }) => {
  const service = (request: { headers: { authorization?: string } }, _reply: unknown, done: (error?: Error) => void) => {
    done(serviceTokenMatches(request.headers.authorization, machineApiToken) ? undefined : new DomainError(ErrorCode.SignatureNotVerified));
  };
  zod(app).post(
    '/machine-api/machines/:id/play-counters',
    {
      preHandler: service,
      schema: {
        tags: ['machine API'],
        security: [{ service: [] }],
        summary:
          "A machine's play counters since its engine began: the new bets feed its brand's jackpot meters; a meter that reaches its trigger pays the seated player (action 6)",
        params: idParam,
        body: playCountersReport,
        response: { 200: playCountersAnswer, '4xx': errorAnswer },
      },
    },
    (request) => jackpots.counters.report(request.params.id, request.body, new Date()),
  );
};
