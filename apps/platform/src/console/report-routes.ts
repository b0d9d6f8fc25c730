import { z } from 'zod';
import { errorAnswer, reportAnswer, reportQuery } from '@reelcast/protocol';
import { roleRoutes, zod, type Authenticator, type RoleOf, type RouteModule } from '../http/index.ts';
import { reportCsv, reportFileName } from './report-csv.ts';
import type { Reports } from './reports.ts';

export interface ReportRoutesDeps {
  auth: Authenticator;
  roleOf: RoleOf;
  reports: Reports;
}

/** The console's daily reports (docs/console.md "Reports"), for the team only (SPEC §6 staff = [admin, staff]). */
export const reportRoutes: RouteModule<ReportRoutesDeps> = (app, { auth, roleOf, reports }) =>
  roleRoutes(app, { auth, roleOf, roles: ['staff', 'admin'] }, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['console'], security: [{ bearer: [] }] };
    const refusals = { '4xx': errorAnswer, '5xx': errorAnswer };

    api.get(
      '/api/console/reports',
      {
        schema: {
          ...meta,
          summary:
            "Per day, machine or brand: bets, wins, gross gaming revenue, cash in and out, jackpots, hand pays, sessions and play time; and the ledger's verify (staff, admin)",
          querystring: reportQuery,
          response: { 200: reportAnswer, ...refusals },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return reports.report(request.query);
      },
    );

    api.get(
      '/api/console/reports.csv',
      {
        schema: {
          ...meta,
          summary: "The same report's rows as a CSV file (text/csv, money in minor units) (staff, admin)",
          querystring: reportQuery,
          response: { 200: z.string(), ...refusals },
        },
      },
      async (request, reply) => {
        const report = await reports.report(request.query);
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${reportFileName(report)}"`)
          .type('text/csv; charset=utf-8')
          .send(reportCsv(report));
      },
    );
  });
