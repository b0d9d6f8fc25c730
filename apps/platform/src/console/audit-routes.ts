import { auditListQuery, auditPage, AuditType, errorAnswer } from '@reelcast/protocol';
import { roleRoutes, zod, type Authenticator, type RoleOf, type RouteModule } from '../http/index.ts';
import type { AuditLog } from '../audit/index.ts';
import type { PlayerFile } from './player-file.ts';

export interface AuditRoutesDeps {
  auth: Authenticator;
  roleOf: RoleOf;
  audit: Pick<AuditLog, 'page'>;
  file: Pick<PlayerFile, 'auditItems'>;
}

/** The console's audit log screen (docs/console.md "Audit log"): staff and admin. */
export const auditRoutes: RouteModule<AuditRoutesDeps> = (app, { auth, roleOf, audit, file }) =>
  roleRoutes(app, { auth, roleOf, roles: ['staff', 'admin'] }, (scope) => {
    zod(scope).get(
      '/api/console/audit',
      {
        schema: {
          tags: ['console'],
          security: [{ bearer: [] }],
          summary: 'The audit log, newest first, by who, type, time, player and machine (staff, admin)',
          querystring: auditListQuery,
          response: { 200: auditPage, '4xx': errorAnswer, '5xx': errorAnswer },
        },
      },
      async (request) => {
        const { rows, total } = await audit.page(request.query);
        return {
          items: await file.auditItems(rows),
          page: request.query.page,
          perPage: request.query.perPage,
          total,
          types: Object.values(AuditType),
        };
      },
    );
  });
