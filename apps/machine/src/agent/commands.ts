import type { FastifyInstance } from 'fastify';
import {
  agentCommand,
  agentCommandRequest,
  agentLimitsRequest,
  agentMessageRequest,
  agentRevokeRequest,
  ErrorCode,
} from '@reelcast/protocol';
import { serviceTokenMatches } from '@reelcast/protocol/server';
import { machineIdOf } from './machine-id.ts';
import type { MachineHost } from './machine-host.ts';
import type { StaffWatchers } from './staff-watchers.ts';

/**
 * What the platform asks of this agent (docs/reconnect.md), with the machine service token:
 * `POST /machines/{id}/commands/kick` removes the seated player's device (QUIT_REQUEST), the seat stays;
 * `POST /machines/{id}/commands/cashout` cashes the seat out to the wallet and ends the session;
 * `POST /machines/{id}/commands/revoke` with `{ playerId, authSessionIds, cashOut? }`: those sign-in
 * sessions ended (MachineHost.revoke), and so did the watches they opened (StaffWatchers.end);
 * `POST /machines/{id}/commands/limits` with `{ playerId, sessionId, protection }`: the seated player's
 * limits changed (MachineHost.limitsChanged);
 * `POST /machines/{id}/commands/close`: the operator ends the seat, as SPEC §4's CLOSE_SESSION (MachineHost.endSeat);
 * `POST /machines/{id}/commands/message` with `{ playerId, text }`: the operator's message to the seated
 * player (MachineHost.message);
 * `POST /machines/{id}/commands/hand-pay`: the console confirmed the machine's hand pay, ask for it now
 * (MachineHost.handPayConfirmed). The last three come from the operator's console (docs/console.md).
 */
export function registerCommands(
  app: FastifyInstance,
  hosts: ReadonlyMap<number, MachineHost>,
  serviceToken: string,
  watchers: Pick<StaffWatchers, 'end'>,
): void {
  app.post<{ Params: { id: string; command: string } }>('/machines/:id/commands/:command', async (request, reply) => {
    if (!serviceTokenMatches(request.headers.authorization, serviceToken)) {
      return reply.status(401).send({ code: ErrorCode.SignatureNotVerified, ErrorMessage: 'Service token required.' });
    }
    const machineId = machineIdOf(request.params.id);
    const host = machineId === null ? undefined : hosts.get(machineId);
    const command = agentCommand.safeParse(request.params.command);
    const revoke = agentRevokeRequest.safeParse(request.body);
    const limits = agentLimitsRequest.safeParse(request.body);
    const message = agentMessageRequest.safeParse(request.body);
    const body =
      command.data === 'revoke'
        ? revoke
        : command.data === 'limits'
          ? limits
          : command.data === 'message'
            ? message
            : agentCommandRequest.safeParse(request.body);
    if (machineId === null) return reply.status(400).send({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Invalid machine id.' });
    if (!host) return reply.status(404).send({ code: ErrorCode.NotFound, ErrorMessage: 'No such machine here.' });
    if (!command.success || !body.success)
      return reply.status(400).send({ code: ErrorCode.InvalidRequest, ErrorMessage: 'Invalid command.' });
    // A member of staff's watches end with their sign-in, seat or none (docs/console.md "Watch").
    if (command.data === 'revoke' && revoke.success) watchers.end(revoke.data.authSessionIds);
    if (host.seatedPlayerId !== body.data.playerId) {
      return reply.status(409).send({ code: ErrorCode.MachineBusy, ErrorMessage: 'That player does not hold this machine.' });
    }
    if (command.data === 'kick') return { ok: true, kicked: await host.kick(body.data.playerId) };
    if (command.data === 'message' && message.success) return { ok: true, delivered: host.message(message.data.text) };
    if (command.data === 'hand-pay') return host.handPayConfirmed();
    const answer =
      command.data === 'revoke' && revoke.success
        ? await host.revoke(revoke.data.authSessionIds, { cashOut: revoke.data.cashOut })
        : command.data === 'limits' && limits.success
          ? await host.limitsChanged(limits.data.sessionId, limits.data.protection)
          : command.data === 'close'
            ? await host.endSeat()
            : await host.cashout(null, 'left');
    return answer.ok ? answer : reply.status(409).send(answer);
  });
}
