import { z } from 'zod';
import {
  cashInRequest,
  cashOutRequest,
  errorAnswer,
  idParam,
  liveAuthSessionsAnswer,
  liveAuthSessionsRequest,
  machine,
  machineList,
  machineStatusReport,
  machineTransferAnswer,
  seatAnswer,
  seatHeldAnswer,
  seatHeldRequest,
  seatRequest,
  sessionBalanceAnswer,
  sessionCloseRequest,
  sessionIdParam,
  settlementAnswer,
  settlementRequest,
  slotSession,
  transferIdParam,
} from '@reelcast/protocol';
import type { AuthService } from '../auth/index.ts';
import { machineServiceRoutes, zod, type RouteModule } from '../http/index.ts';
import { requirePermittedCountry, type IpCheck } from '../ip-check/index.ts';
import type { MachinePlay } from './machine-play.ts';
import type { MachineRegistry } from './machine-registry.ts';

/**
 * The machine API (docs/machine-protocol.md): what machine agents ask of the platform, with the
 * machine service token as Bearer.
 */
export interface MachineApiDeps {
  auth: Pick<AuthService, 'authenticate' | 'liveSessions'>;
  machines: MachineRegistry;
  play: MachinePlay;
  machineApiToken: string;
  ipCheck: IpCheck;
}

export const machineApiRoutes: RouteModule<MachineApiDeps> = (app, { auth, machines, play, machineApiToken, ipCheck }) =>
  machineServiceRoutes(app, machineApiToken, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['machine API'], security: [{ service: [] }] };
    const errors = { '4xx': errorAnswer };
    const noBody = z.object({}).strict().nullish();

    api.get(
      '/machine-api/machines',
      {
        schema: { ...meta, summary: 'Every machine, for an agent to pick the ones it hosts', response: { 200: machineList, ...errors } },
      },
      () => machines.all(),
    );

    api.put(
      '/machine-api/machines/:id/status',
      {
        schema: {
          ...meta,
          summary: 'A machine agent reports a status change; every lobby gets a `machine` push',
          params: idParam,
          body: machineStatusReport,
          response: { 200: machine, ...errors },
        },
      },
      (request) => machines.report(request.params.id, request.body),
    );

    // The player's address comes from the agent (the body's `ip`); the audit row names the token's player.
    const seatPermitted = requirePermittedCountry(ipCheck, {
      ipOf: (request) => (request.body as { ip?: string }).ip,
      caller: async (request) => {
        const claims = await auth.authenticate((request.body as { token: string }).token);
        return claims ? { username: claims.username, playerId: claims.id } : { username: '' };
      },
    });

    api.post(
      '/machine-api/machines/:id/seat',
      {
        preHandler: seatPermitted,
        schema: {
          ...meta,
          summary:
            "Seat a player (their token from the game socket's init, their address as the agent saw it); a returning player " +
            'gets the same session. While the IP check is on, a player outside the permitted countries is refused (10703)',
          params: idParam,
          body: seatRequest,
          response: { 200: seatAnswer, ...errors },
        },
      },
      (request) => play.seat(request.params.id, request.body.token),
    );

    api.put(
      '/machine-api/machines/:id/seat',
      {
        schema: {
          ...meta,
          summary:
            'The seat the agent holds on the machine (`sessionId`, null for none): every other open slot session there is closed ' +
            'with `reason` (a seat opened for a join whose answer never reached the agent); with none held the machine is idle',
          params: idParam,
          body: seatHeldRequest,
          response: { 200: seatHeldAnswer, ...errors },
        },
      },
      (request) => play.seatHeld(request.params.id, request.body),
    );

    api.post(
      '/machine-api/auth-sessions/live',
      {
        schema: {
          ...meta,
          summary: "The agent's re-check: which of these sign-in sessions (token jti) are live (not logged out, expired or banned)",
          body: liveAuthSessionsRequest,
          response: { 200: liveAuthSessionsAnswer, ...errors },
        },
      },
      async (request) => ({ live: [...(await auth.liveSessions(request.body.authSessionIds))] }),
    );

    api.get(
      '/machine-api/sessions/:sessionId/balance',
      {
        schema: {
          ...meta,
          summary: "The wallet balance of the session's player (a cash-out with no credit answers it)",
          params: sessionIdParam,
          response: { 200: sessionBalanceAnswer, ...errors },
        },
      },
      (request) => play.sessionBalance(request.params.sessionId),
    );

    api.post(
      '/machine-api/sessions/:sessionId/close',
      {
        schema: {
          ...meta,
          summary: "End a seat with the machine's figures; the machine becomes idle",
          params: sessionIdParam,
          body: sessionCloseRequest,
          response: { 200: slotSession, ...errors },
        },
      },
      (request) => play.closeSession(request.params.sessionId, request.body),
    );

    api.post(
      '/machine-api/transfers/cash-in',
      {
        schema: {
          ...meta,
          summary: 'Cash in, phase one: reserve the amount in the wallet (until the deadline)',
          body: cashInRequest,
          response: { 200: machineTransferAnswer, ...errors },
        },
      },
      (request) => play.reserveCashIn(request.body),
    );

    api.post(
      '/machine-api/transfers/:transferId/post',
      {
        schema: {
          ...meta,
          summary: 'Cash in, phase two: the machine applied the credit',
          params: transferIdParam,
          body: noBody,
          response: { 200: machineTransferAnswer, ...errors },
        },
      },
      (request) => play.postCashIn(request.params.transferId),
    );

    api.post(
      '/machine-api/transfers/:transferId/void',
      {
        schema: {
          ...meta,
          summary: 'Cash in, phase two: the machine did not apply the credit; the money returns to the wallet',
          params: transferIdParam,
          body: noBody,
          response: { 200: machineTransferAnswer, ...errors },
        },
      },
      (request) => play.voidCashIn(request.params.transferId),
    );

    api.post(
      '/machine-api/transfers/cash-out',
      {
        schema: {
          ...meta,
          summary: 'Cash out: the machine took the credit off its meter; it goes to the wallet',
          body: cashOutRequest,
          response: { 200: machineTransferAnswer, ...errors },
        },
      },
      (request) => play.cashOut(request.body),
    );

    api.post(
      '/machine-api/settlements',
      {
        schema: {
          ...meta,
          summary:
            'Pay a hand pay (action 5) or jackpot (action 6) into the wallet, once per settlement id; a hand pay with ' +
            "`confirm: 'staff'` is `pending` until a member confirms it in the console",
          body: settlementRequest,
          response: { 200: settlementAnswer, ...errors },
        },
      },
      (request) => play.settle(request.body),
    );
  });
