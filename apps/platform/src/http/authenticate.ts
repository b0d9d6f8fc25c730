import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, ErrorCode, type TokenClaims } from '@reelcast/protocol';
import { serviceTokenMatches } from '@reelcast/protocol/server';
import { ApiError } from './api-error.ts';
import type { Authenticator } from './context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    player: TokenClaims | null;
  }
}

/** preHandler for a player route: a live token or 401 with code 10. */
function requirePlayer(auth: Authenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await auth.authenticate(token) : null;
    if (!claims) throw new ApiError(401, ErrorCode.SignatureNotVerified);
    request.player = claims;
  };
}

/**
 * Registers `routes` in a scope of their own whose every route needs a live sign-in: the check is set
 * once for the subtree, first among its preHandlers, so a route's own (a rate limit by player, the IP
 * check) run after it and know who is asking.
 */
export function signedInRoutes(app: FastifyInstance, auth: Authenticator, routes: (scope: FastifyInstance) => void): void {
  void app.register((scope, _options, done) => {
    scope.addHook('preHandler', requirePlayer(auth));
    routes(scope);
    done();
  });
}

/** Registers `routes` in a scope of their own whose every route needs the machine service token as Bearer (the machine API). */
export function machineServiceRoutes(app: FastifyInstance, serviceToken: string, routes: (scope: FastifyInstance) => void): void {
  void app.register((scope, _options, done) => {
    scope.addHook('preHandler', (request, _reply, next) => {
      next(
        serviceTokenMatches(request.headers.authorization, serviceToken) ? undefined : new ApiError(401, ErrorCode.SignatureNotVerified),
      );
    });
    routes(scope);
    done();
  });
}

export function playerOf(request: FastifyRequest): TokenClaims {
  if (!request.player) throw new ApiError(401, ErrorCode.SignatureNotVerified);
  return request.player;
}
