import { brandList, brandMachines, errorAnswer, idParam, machineList, type Brand, type BrandMachines } from '@reelcast/protocol';
import { signedInRoutes, zod, type Authenticator, type RouteModule } from '../http/index.ts';
import type { MachineRegistry } from './machine-registry.ts';

const errors = { '4xx': errorAnswer };

/** The lobby's machine lists, with the brands' live jackpots. */
export interface MachineRouteDeps {
  auth: Authenticator;
  machines: MachineRegistry;
  /** The brands' live jackpots (jackpots/ gives them; it needs machines/, so it is named here by what it does). */
  jackpots: {
    meters: {
      withLiveJackpots(brands: Brand[]): Promise<Brand[]>;
      brandWithLiveJackpot(display: BrandMachines): Promise<BrandMachines>;
    };
  };
}

export const machineRoutes: RouteModule<MachineRouteDeps> = (app, { auth, machines, jackpots }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const security = [{ bearer: [] }];

    api.get(
      '/machine/brands',
      {
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
        schema: { tags: ['lobby'], summary: 'Every machine with its live status', security, response: { 200: machineList, ...errors } },
      },
      () => machines.all(),
    );
    api.get(
      '/machine/:id',
      {
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
  });
