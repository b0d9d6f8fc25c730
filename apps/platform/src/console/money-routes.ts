import {
  errorAnswer,
  idParam,
  moneyRejectRequest,
  moneyRequest,
  moneyRequestAnswer,
  moneyRequestList,
  moneyRequestListQuery,
} from '@reelcast/protocol';
import type { FastifyRequest } from 'fastify';
import { playerOf, roleRoutes, zod, type Authenticator, type RoleOf, type RouteModule } from '../http/index.ts';
import type { MoneyRequests } from './money-requests.ts';

export interface MoneyRoutesDeps {
  auth: Authenticator;
  roleOf: RoleOf;
  money: MoneyRequests;
}

const meta = { tags: ['console'], security: [{ bearer: [] }] };
const refusals = { '4xx': errorAnswer, '5xx': errorAnswer };

const adminOf = (request: FastifyRequest) => {
  const { id, username } = playerOf(request);
  return { id, username, ip: request.ip };
};

/**
 * The console's deposits and withdrawals (docs/console.md "Money"): admins only (staff get 403 / 40300).
 * Above CONSOLE_APPROVAL_ABOVE a request waits for a second admin's approval (four eyes).
 */
export const moneyRoutes: RouteModule<MoneyRoutesDeps> = (app, { auth, roleOf, money }) =>
  roleRoutes(app, { auth, roleOf, roles: ['admin'] }, (scope) => {
    const api = zod(scope);

    api.post(
      '/api/console/players/:id/money',
      {
        schema: {
          ...meta,
          summary:
            'Deposit into or withdraw from the wallet, with a reason and an idempotency key (admin). Above the configured amount it waits for a second admin',
          params: idParam,
          body: moneyRequest,
          response: { 200: moneyRequestAnswer, ...refusals },
        },
      },
      async (request) => ({ status: true as const, ...(await money.request(adminOf(request), request.params.id, request.body)) }),
    );

    api.get(
      '/api/console/money-requests',
      {
        schema: {
          ...meta,
          summary: 'The deposit and withdrawal requests of a status (pending by default), newest first, at most 200 (admin)',
          querystring: moneyRequestListQuery,
          response: { 200: moneyRequestList, ...refusals },
        },
      },
      async (request) => ({ requests: await money.list(request.query), approvalAbove: money.approvalAbove }),
    );

    api.post(
      '/api/console/money-requests/:id/approve',
      {
        schema: {
          ...meta,
          summary: "Approve another admin's pending request: it posts, once however often it is approved (admin; not the requester: 40320)",
          params: idParam,
          response: { 200: moneyRequestAnswer, ...refusals },
        },
      },
      async (request) => {
        const approved = await money.approve(adminOf(request), request.params.id);
        return { status: true as const, request: approved, needsApproval: approved.amount > money.approvalAbove };
      },
    );

    api.post(
      '/api/console/money-requests/:id/reject',
      {
        schema: {
          ...meta,
          summary: 'Reject a pending request, with a reason (admin; the requester may withdraw their own)',
          params: idParam,
          body: moneyRejectRequest,
          response: { 200: moneyRequestAnswer, ...refusals },
        },
      },
      async (request) => {
        const rejected = await money.reject({ ...adminOf(request), reason: request.body.reason }, request.params.id);
        return { status: true as const, request: rejected, needsApproval: rejected.amount > money.approvalAbove };
      },
    );
  });
