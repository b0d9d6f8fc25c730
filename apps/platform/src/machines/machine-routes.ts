import { timingSafeEqual } from 'node:crypto';
import {
  brandList,
  brandMachines,
  ErrorCode,
  errorAnswer,
  idParam,
  machine,
  machineList,
  machineStatusReport,
} from '@reelcast/protocol';
import { ApiError } from '../http/api-error.ts';
import { bearerToken, requirePlayer } from '../http/authenticate.ts';
import { zod, type RouteModule } from '../http/context.ts';

const errors = { '4xx': errorAnswer };

export const machineRoutes: RouteModule = (app, { auth, machines }) => {
  const api = zod(app);
  const player = requirePlayer(auth);
  const security = [{ bearer: [] }];

  api.get(
    '/machine/brands',
    { preHandler: player, schema: { tags: ['lobby'], summary: 'Brands with machineCount and jackpot', security, response: { 200: brandList, ...errors } } },
    () => machines.brands(),
  );
  api.get(
    '/machine/all',
    { preHandler: player, schema: { tags: ['lobby'], summary: 'Every machine with its live status', security, response: { 200: machineList, ...errors } } },
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
    (request) => machines.brandWithMachines(request.params.id),
  );
};

/** The machine API: machine agents (service token) report status. */
export const machineApiRoutes: RouteModule = (app, { machines, machineApiToken }) => {
  const expected = Buffer.from(machineApiToken);
  const service = async (request: { headers: { authorization?: string } }) => {
    const given = Buffer.from(bearerToken(request.headers.authorization) ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(401, ErrorCode.SignatureNotVerified);
    }
  };
  zod(app).put(
    '/machine-api/machines/:id/status',
    {
      preHandler: service,
      schema: {
        tags: ['machine API'],
        summary: 'A machine agent reports a status change; every lobby gets a `machine` push',
        security: [{ service: [] }],
        params: idParam,
        body: machineStatusReport,
        response: { 200: machine, ...errors },
      },
    },
    (request) => machines.report(request.params.id, request.body),
  );
};
