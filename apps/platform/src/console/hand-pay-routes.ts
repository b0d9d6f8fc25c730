import { AuditType, consoleActionAnswer, errorAnswer, handPayRequest, idParam } from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import { playerOf, roleRoutes, zod, type Authenticator, type RoleOf, type RouteModule } from '../http/index.ts';
import type { MachineAgents, MachinePlay } from '../machines/index.ts';
import type { Clock } from '../shared/index.ts';
import type { Floor } from './floor.ts';

export interface HandPayRoutesDeps {
  auth: Authenticator;
  roleOf: RoleOf;
  floor: Floor;
  play: Pick<MachinePlay, 'confirmHandPay'>;
  agents: Pick<MachineAgents, 'send'>;
  audit: Pick<AuditLog, 'write'>;
  clock: Clock;
}

/**
 * Confirming a hand pay (docs/console.md "Hand pay"), for the team: the machine's waiting hand pay is
 * paid into the seated player's wallet as action 5, once, and written to the audit log with who and why.
 * Then the machine's agent is told, so the cabinet releases its lock at once (else at its next retry).
 */
export const handPayRoutes: RouteModule<HandPayRoutesDeps> = (app, deps) =>
  roleRoutes(app, { auth: deps.auth, roleOf: deps.roleOf, roles: ['staff', 'admin'] }, (scope) => {
    zod(scope).post(
      '/api/console/machines/:id/hand-pay',
      {
        schema: {
          tags: ['console'],
          security: [{ bearer: [] }],
          summary: "Confirm the machine's waiting hand pay, with a reason: it is paid into the player's wallet (action 5), once",
          params: idParam,
          body: handPayRequest,
          response: { 200: consoleActionAnswer, '4xx': errorAnswer, '5xx': errorAnswer },
        },
      },
      async (request) => {
        const { id } = request.params;
        await deps.floor.machine(id);
        const { username } = playerOf(request);
        const { handPay, playerId } = await deps.play.confirmHandPay(id, username);
        const paid = Number(handPay.amount);
        await deps.audit.write(
          {
            type: AuditType.HandPayConfirmed,
            username,
            ip: request.ip,
            playerId,
            detail: { machineId: id, settlementId: handPay.id, amount: paid, reason: request.body.reason },
          },
          deps.clock(),
        );
        void deps.agents.send(id, 'hand-pay', { playerId }).then(
          (answer) => answer.status >= 400 && request.log.warn({ answer }, `the agent of machine ${id} did not take the paid hand pay`),
          (error: unknown) =>
            request.log.warn({ err: error }, `machine ${id} was not told of its paid hand pay; it finds out at its next retry`),
        );
        return { status: true as const, machine: await deps.floor.machine(id), paid };
      },
    );
  });
