import { errorAnswer, idParam, playCountersAnswer, playCountersReport } from '@reelcast/protocol';
import { machineServiceRoutes, zod, type RouteModule } from '../http/index.ts';
import type { Jackpots } from './jackpots.ts';

/** The machine API call that feeds the brand jackpots (docs/jackpots.md), with the machine service token as Bearer. */
export const registerJackpots: RouteModule<{ jackpots: Pick<Jackpots, 'counters'>; machineApiToken: string }> = (
  app,
  { jackpots, machineApiToken },
) =>
  machineServiceRoutes(app, machineApiToken, (scope) => {
    zod(scope).post(
      '/machine-api/machines/:id/play-counters',
      {
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
  });
