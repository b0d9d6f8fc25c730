import {
  AuditType,
  ErrorCode,
  errorAnswer,
  idParam,
  liveAuthSessionsAnswer,
  liveWatchersRequest,
  watchAnswer,
  watchRequest,
  type PlayerRole,
} from '@reelcast/protocol';
import type { AuditLog } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import { ApiError, machineServiceRoutes, zod, type RoleOf, type RouteModule } from '../http/index.ts';
import type { MachineRegistry } from '../machines/index.ts';
import type { Clock } from '../shared/index.ts';

export interface WatchRoutesDeps {
  auth: Pick<AuthService, 'authenticate' | 'liveSessions'>;
  roleOf: RoleOf;
  machines: Pick<MachineRegistry, 'byId'>;
  audit: Pick<AuditLog, 'write'>;
  clock: Clock;
  machineApiToken: string;
}

const team: readonly (PlayerRole | undefined)[] = ['staff', 'admin'];

/**
 * Watching a machine from the console (docs/console.md "Watch"): the machine agent, which serves the
 * picture (WHEP), asks here whether a token that holds no seat may watch. A live sign-in of a staff or
 * admin account may watch any machine, view-only; the grant is written to the audit log. The agent
 * asks again every re-check interval for the members watching, and ends the video of those no longer
 * signed in or no longer in the team.
 */
export const watchRoutes: RouteModule<WatchRoutesDeps> = (app, { auth, roleOf, machines, audit, clock, machineApiToken }) =>
  machineServiceRoutes(app, machineApiToken, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['machine API'], security: [{ service: [] }] };

    api.post(
      '/machine-api/machines/:id/watch',
      {
        schema: {
          ...meta,
          summary: "May this token watch the machine's picture without its seat: yes for a signed-in staff or admin member (403 else)",
          params: idParam,
          body: watchRequest,
          response: { 200: watchAnswer, '4xx': errorAnswer },
        },
      },
      async (request) => {
        const { id } = request.params;
        await machines.byId(id);
        const claims = await auth.authenticate(request.body.token);
        if (!claims) throw new ApiError(401, ErrorCode.SignatureNotVerified);
        if (!team.includes(await roleOf(claims.id))) throw new ApiError(403, ErrorCode.RoleRequired);
        await audit.write(
          {
            type: AuditType.MachineWatched,
            username: claims.username,
            ip: request.body.ip ?? '',
            playerId: null,
            detail: { machineId: id },
          },
          clock(),
        );
        return { authSessionId: claims.jti, playerId: claims.id };
      },
    );

    api.post(
      '/machine-api/watchers/live',
      {
        schema: {
          ...meta,
          summary: "The agent's re-check of its watchers: which of these sign-in sessions are live and still a staff or admin member's",
          body: liveWatchersRequest,
          response: { 200: liveAuthSessionsAnswer, '4xx': errorAnswer },
        },
      },
      async (request) => {
        const { watchers } = request.body;
        const live = await auth.liveSessions(watchers.map((watcher) => watcher.authSessionId));
        const players = [...new Set(watchers.map((watcher) => watcher.playerId))];
        const roles = new Map(await Promise.all(players.map(async (id) => [id, await roleOf(id)] as const)));
        return {
          live: watchers
            .filter((watcher) => live.has(watcher.authSessionId) && team.includes(roles.get(watcher.playerId)))
            .map((watcher) => watcher.authSessionId),
        };
      },
    );
  });
