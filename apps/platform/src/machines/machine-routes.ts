import { brandList, brandMachines, errorAnswer, idParam, machineList } from '@reelcast/protocol';
import { requirePlayer, zod, type RouteModule } from '../http/index.ts';

const errors = { '4xx': errorAnswer };

export const machineRoutes: RouteModule = (app, { auth, machines, jackpots }) => {
  const api = zod(app);
  const player = requirePlayer(auth);
  const security = [{ bearer: [] }];

  api.get(
    '/machine/brands',
    {
      preHandler: player,
      schema: {
        tags: ['lobby'],
        summary: "Brands with machineCount and jackpot (the brand's jackpot meters now, in display units)",
        security,
        response: { 200: brandList, ...errors },
      },
    },
    async () => jackpots.meters.withLiveJackpots(await machines.brands()),
  );
  api.get(
    '/machine/all',
    {
      preHandler: player,
      schema: { tags: ['lobby'], summary: 'Every machine with its live status', security, response: { 200: machineList, ...errors } },
    },
    () => machines.all(),
  );
  api.get(
    '/machine/:id',
    {
      preHandler: player,
      schema: {
        tags: ['lobby'],
        summary: 'Lobby display: one brand and its machines',
        security,
        params: idParam,
        response: { 200: brandMachines, ...errors },
      },
    },
    async (request) => jackpots.meters.brandWithLiveJackpot(await machines.brandWithMachines(request.params.id)),
  );
};
