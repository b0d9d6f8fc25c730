import type { FastifyRequest } from 'fastify';
import type { Caller, IpCheck } from './ip-check.ts';

export interface PermittedCountryOptions {
  /** Where the client is; default the request's address (`request.ip`, which honours TRUST_PROXY). */
  ipOf?: (request: FastifyRequest) => string | undefined;
  /** Who is asking, for the audit row of a refusal; default the signed-in player, else the body's `username`. */
  caller?: (request: FastifyRequest) => Caller | Promise<Caller>;
}

/**
 * A preHandler that refuses a client from outside the permitted countries while the IP check is on
 * (403, code 10703, audited: docs/ip-check.md "What is enforced where"). Put it after the rate limits
 * and before anything that checks a password or moves money.
 *
 * @example
 * api.post('/login', { onRequest: throttles(limits.login), preHandler: requirePermittedCountry(ipCheck), … }, …)
 */
export function requirePermittedCountry(ipCheck: IpCheck, options: PermittedCountryOptions = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    await ipCheck.requirePermitted(options.ipOf ? options.ipOf(request) : request.ip, {
      route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      caller: () => (options.caller ? options.caller(request) : callerOf(request)),
    });
  };
}

function callerOf(request: FastifyRequest): Caller {
  if (request.player) return { username: request.player.username, playerId: request.player.id };
  const body = request.body as { username?: unknown } | null | undefined;
  return { username: typeof body?.username === 'string' ? body.username : '' };
}
