import type { FastifyInstance } from 'fastify';
import { agentCommand, agentCommandRequest, agentLimitsRequest, agentRevokeRequest, ErrorCode } from '@reelcast/protocol';
import { serviceTokenMatches } from '@reelcast/protocol/server';
import { machineIdOf } from './machine-id.ts';
import type { MachineHost } from './machine-host.ts';

/**
 * What the platform asks of this agent (docs/reconnect.md), with the machine service token:
 * `POST /machines/{id}/commands/kick` removes the seated player's device (QUIT_REQUEST), the seat stays;
 * `POST /machines/{id}/commands/cashout` cashes the seat out to the wallet and ends the session;
 * `POST /machines/{id}/commands/revoke` with `{ playerId, authSessionIds, cashOut? }`: those sign-in
 * sessions ended (MachineHost.revoke);
 * `POST /machines/{id}/commands/limits` with `{ playerId, sessionId, protection }`: the seated player's
 * limits changed (MachineHost.limitsChanged).
 */
export function registerCommands(app: FastifyInstance, hosts: ReadonlyMap<number, MachineHost>, serviceToken: string): void {
  app.post<{ Params: { id: string; command: string } }>('/machines/:id/commands/:command', async (request, reply) => {
    if (!serviceTokenMatches(request.headers.authorization, serviceToken)) {
      return reply.status(401).send({ code: ErrorCode.SignatureNotVerified, ErrorMessage: 'Service token required.' });
    }
    const machineId = machineIdOf(request.params.id);
    const host = machineId === null ? undefined : hosts.get(machineId);
    const command = agentCommand.safeParse(request.params.command);
    const revoke = agentRevokeRequest.safeParse(request.body);
    const limits = agentLimitsRequest.safeParse(request.body);
    const body = command.data === 'revoke' ? revoke : command.data === 'limits' ? limits : agentCommandRequest.safeParse(request.body);
    if (machineId === null) return reply.status(400).send({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Invalid machine id.' });
    if (!host) return reply.status(404).send({ code: ErrorCode.NotFound, ErrorMessage: 'No such machine here.' });
    if (!command.success || !body.success)
      return reply.status(400).send({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Invalid command.' });
    if (host.seatedPlayerId !== body.data.playerId) {
      return reply.status(409).send({ code: ErrorCode.MachineBusy, ErrorMessage: 'That player does not hold this machine.' });
    }
    if (command.data === 'kick') return { ok: true, kicked: await host.kick(body.data.playerId) };
    const answer =
      command.data === 'revoke' && revoke.success
        ? await host.revoke(revoke.data.authSessionIds, { cashOut: revoke.data.cashOut })
        : command.data === 'limits' && limits.success
          ? await host.limitsChanged(limits.data.sessionId, limits.data.protection)
          : await host.cashout(null, 'left');
    return answer.ok ? answer : reply.status(409).send(answer);
  });
}
