import {
  consoleActionAnswer,
  endSessionRequest,
  errorAnswer,
  floorAnswer,
  idParam,
  maintenanceRequest,
  playerMessageRequest,
} from '@reelcast/protocol';
import { playerOf, roleRoutes, zod, type Authenticator, type RoleOf, type RouteModule } from '../http/index.ts';
import type { ConsoleActions } from './console-actions.ts';
import type { Floor } from './floor.ts';

export interface ConsoleRoutesDeps {
  auth: Authenticator;
  roleOf: RoleOf;
  floor: Floor;
  actions: ConsoleActions;
}

/**
 * The operator's console (docs/console.md): `/api/console/...`, for the team only (SPEC §6 staff =
 * [admin, staff]); a player's token gets 403 / 40300 on each route.
 */
export const consoleRoutes: RouteModule<ConsoleRoutesDeps> = (app, { auth, roleOf, floor, actions }) =>
  roleRoutes(app, { auth, roleOf, roles: ['staff', 'admin'] }, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['console'], security: [{ bearer: [] }] };
    const refusals = { '4xx': errorAnswer, '5xx': errorAnswer };

    api.get(
      '/api/console/floor',
      {
        schema: {
          ...meta,
          summary: 'Every machine: status, brand, seated player, session start, net cash-in, last event (staff, admin)',
          response: { 200: floorAnswer, ...refusals },
        },
      },
      async () => ({ machines: await floor.machines() }),
    );

    api.post(
      '/api/console/machines/:id/maintenance',
      {
        schema: {
          ...meta,
          summary: 'Put a machine in or out of maintenance, with a reason; a seated player is cashed out and the seat closed first',
          params: idParam,
          body: maintenanceRequest,
          response: { 200: consoleActionAnswer, ...refusals },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { cashedOut } = await actions.maintenance(id, request.body.on, actorOf(request, request.body.reason));
        return { status: true as const, machine: await floor.machine(id), ...(cashedOut === undefined ? {} : { cashedOut }) };
      },
    );

    api.post(
      '/api/console/machines/:id/end-session',
      {
        schema: {
          ...meta,
          summary: "End the seated player's slot session, with a reason: CLOSE_SESSION, cash-out, close",
          params: idParam,
          body: endSessionRequest,
          response: { 200: consoleActionAnswer, ...refusals },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { cashedOut } = await actions.endSession(id, actorOf(request, request.body.reason));
        return { status: true as const, machine: await floor.machine(id), cashedOut };
      },
    );

    api.post(
      '/api/console/machines/:id/message',
      {
        schema: {
          ...meta,
          summary: 'Send the seated player a message their game shows, with a reason',
          params: idParam,
          body: playerMessageRequest,
          response: { 200: consoleActionAnswer, ...refusals },
        },
      },
      async (request) => {
        const { id } = request.params;
        await actions.message(id, request.body.text, actorOf(request, request.body.reason));
        return { status: true as const, machine: await floor.machine(id) };
      },
    );
  });

function actorOf(request: Parameters<typeof playerOf>[0], reason: string) {
  return { username: playerOf(request).username, ip: request.ip, reason };
}
