import { AuditType, ErrorCode, errorAnswer, machineCommandAnswer, machineCommandRequest, type AgentCommand } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import {
  ApiError,
  playerOf,
  signedInRoutes,
  zod,
  type Authenticator,
  type RateLimits,
  type RouteModule,
  throttles,
} from '../http/index.ts';
import { requirePermittedCountry, type IpCheck } from '../ip-check/index.ts';
import { AgentUnreachable, type MachineAgents } from './machine-agents.ts';
import type { MachinePlay } from './machine-play.ts';

/**
 * The reconnect dialog's buttons (docs/reconnect.md): Kick the player → POST /player/kick,
 * Cashout → POST /player/cancel. Only the player who holds the seat may do either; the platform
 * carries the command to the machine agent at the machine's address.
 */
export interface PlayerMachineDeps {
  auth: Authenticator;
  play: MachinePlay;
  agents: MachineAgents;
  audit: AuditLog;
  limits: Pick<RateLimits, 'money'>;
  ipCheck: IpCheck;
}

export const playerMachineRoutes: RouteModule<PlayerMachineDeps> = (app, { auth, play, agents, audit, limits, ipCheck }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const permitted = requirePermittedCountry(ipCheck);
    const meta = { tags: ['game'], security: [{ bearer: [] }] };

    async function command(playerId: number, machineId: number, name: AgentCommand): Promise<{ amount?: number }> {
      const session = await play.openSlotSessionOf(machineId);
      if (!session || session.playerId !== playerId)
        throw new ApiError(403, ErrorCode.MachineBusy, undefined, 'You do not hold this machine.');
      let answer: { status: number; body: unknown };
      try {
        answer = await agents.send(machineId, name, { playerId });
      } catch (error) {
        if (!(error instanceof AgentUnreachable)) throw error;
        throw new ApiError(502, ErrorCode.PipelineFailed, undefined, 'The machine cannot be reached; try again.');
      }
      const body = (answer.body ?? {}) as { code?: number; ErrorMessage?: string; amount?: number };
      if (answer.status >= 400) {
        throw new ApiError(
          answer.status >= 500 ? 502 : 409,
          (body.code as ErrorCode) ?? ErrorCode.PipelineFailed,
          undefined,
          body.ErrorMessage,
        );
      }
      return body;
    }

    api.post(
      '/player/kick',
      {
        preHandler: [...throttles(limits.money), permitted],
        schema: {
          ...meta,
          summary: "Remove the device that plays this player's seat (it gets QUIT_REQUEST); the seat stays the player's",
          body: machineCommandRequest,
          response: { 200: machineCommandAnswer, '4xx': errorAnswer, '5xx': errorAnswer },
        },
      },
      async (request) => {
        const player = playerOf(request);
        await command(player.id, request.body.machineId, 'kick');
        await audit.write(
          {
            type: AuditType.KickedByPlayer,
            username: player.username,
            ip: request.ip,
            playerId: player.id,
            detail: { machineId: request.body.machineId },
          },
          new Date(),
        );
        return { status: true as const, code: ErrorCode.Success };
      },
    );

    api.post(
      '/player/cancel',
      {
        preHandler: [...throttles(limits.money), permitted],
        schema: {
          ...meta,
          summary: "Cash the seat's credit out to the wallet and end the session, without opening the game",
          body: machineCommandRequest,
          response: { 200: machineCommandAnswer, '4xx': errorAnswer, '5xx': errorAnswer },
        },
      },
      async (request) => {
        const { amount } = await command(playerOf(request).id, request.body.machineId, 'cashout');
        return { status: true as const, code: ErrorCode.Success, Params: { amount: amount ?? 0 } };
      },
    );
  });
