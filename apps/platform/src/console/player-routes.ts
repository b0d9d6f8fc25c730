import {
  errorAnswer,
  idParam,
  playerActionAnswer,
  playerActionRequest,
  playerDetailAnswer,
  playerSearchAnswer,
  playerSearchQuery,
  sessionListQuery,
  sessionPage,
  setPinRequest,
  transactionListQuery,
  transactionPage,
} from '@reelcast/protocol';
import type { FastifyRequest } from 'fastify';
import { playerOf, roleRoutes, zod, type Authenticator, type RoleOf, type RouteModule } from '../http/index.ts';
import type { SlotSessionHistory } from '../machines/index.ts';
import type { TransactionHistory } from '../wallet/index.ts';
import type { Member, PlayerActions } from './player-actions.ts';
import { consolePlayerOf, type PlayerFile } from './player-file.ts';

export interface PlayerRoutesDeps {
  auth: Authenticator;
  roleOf: RoleOf;
  file: PlayerFile;
  actions: PlayerActions;
  sessions: Pick<SlotSessionHistory, 'page'>;
  transactions: Pick<TransactionHistory, 'page'>;
}

const meta = { tags: ['console'], security: [{ bearer: [] }] };
const refusals = { '4xx': errorAnswer, '5xx': errorAnswer };

/** The console's players (docs/console.md "Players"): find, the player page, and the actions with a reason; staff and admin. */
export const playerRoutes: RouteModule<PlayerRoutesDeps> = (app, { auth, roleOf, file, actions, sessions, transactions }) =>
  roleRoutes(app, { auth, roleOf, roles: ['staff', 'admin'] }, (scope) => {
    const api = zod(scope);
    const memberOf = async (request: FastifyRequest, reason: string): Promise<Member> => {
      const { id, username } = playerOf(request);
      return { id, username, ip: request.ip, reason, role: (await roleOf(id))! };
    };

    api.get(
      '/api/console/players',
      {
        schema: {
          ...meta,
          summary: 'Find a player by a part of the username or the first digits of the id (at most 20; staff, admin)',
          querystring: playerSearchQuery,
          response: { 200: playerSearchAnswer, ...refusals },
        },
      },
      async (request) => ({ players: await file.search(request.query.q) }),
    );

    api.get(
      '/api/console/players/:id',
      {
        schema: {
          ...meta,
          summary: 'The player page: profile, balance, login block, limits and time-outs, sign-ins, audit entries (staff, admin)',
          params: idParam,
          response: { 200: playerDetailAnswer, ...refusals },
        },
      },
      (request) => file.detail(request.params.id),
    );

    api.get(
      '/api/console/players/:id/sessions',
      {
        schema: {
          ...meta,
          summary: "The player's slot sessions, as their own Slot Sessions page pages them (staff, admin)",
          params: idParam,
          querystring: sessionListQuery,
          response: { 200: sessionPage, ...refusals },
        },
      },
      async (request) => sessions.page((await file.require(request.params.id)).id, request.query),
    );

    api.get(
      '/api/console/players/:id/transactions',
      {
        schema: {
          ...meta,
          summary: "The player's wallet movements, as their own Transactions page pages them (staff, admin)",
          params: idParam,
          querystring: transactionListQuery,
          response: { 200: transactionPage, ...refusals },
        },
      },
      async (request) => transactions.page((await file.require(request.params.id)).id, request.query),
    );

    const actionsOn = {
      ban: 'Ban the player, with a reason: signing in answers 10704 and every channel of theirs ends at once',
      unban: 'Lift the ban, with a reason',
      unlock: 'Clear the login block after wrong passwords, with a reason',
    } as const;
    for (const [name, summary] of Object.entries(actionsOn) as [keyof typeof actionsOn, string][]) {
      api.post(
        `/api/console/players/:id/${name}`,
        { schema: { ...meta, summary, params: idParam, body: playerActionRequest, response: { 200: playerActionAnswer, ...refusals } } },
        async (request) => {
          const target = await file.require(request.params.id);
          const changed = await actions[name](target, await memberOf(request, request.body.reason));
          return { status: true as const, player: consolePlayerOf(changed) };
        },
      );
    }

    api.post(
      '/api/console/players/:id/pin',
      {
        schema: {
          ...meta,
          summary: "Set the player's idle-lock PIN (4 to 8 digits; stored hashed), or remove it with null, with a reason",
          params: idParam,
          body: setPinRequest,
          response: { 200: playerActionAnswer, ...refusals },
        },
      },
      async (request) => {
        const target = await file.require(request.params.id);
        const changed = await actions.setPin(target, request.body.pin, await memberOf(request, request.body.reason));
        return { status: true as const, player: consolePlayerOf(changed) };
      },
    );
  });
