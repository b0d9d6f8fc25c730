import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, ErrorCode, type PlayerRole, type TokenClaims } from '@reelcast/protocol';
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

/** Where the role routes read an account's role as the database has it now (players/ gives it). */
export type RoleOf = (playerId: number) => Promise<PlayerRole | undefined>;

/**
 * Like `signedInRoutes`, and the account's role must be one of `roles` (SPEC §6 role lists: staff =
 * [admin, staff]), else 403 with code 40300. The role is the account's now, not the token's as it was
 * signed, so a demoted member loses the routes at once. Checked on the server for every route of the subtree.
 */
export function roleRoutes(
  app: FastifyInstance,
  access: { auth: Authenticator; roleOf: RoleOf; roles: readonly PlayerRole[] },
  routes: (scope: FastifyInstance) => void,
): void {
  signedInRoutes(app, access.auth, (scope) => {
    scope.addHook('preHandler', async (request) => {
      const role = await access.roleOf(playerOf(request).id);
      if (!role || !access.roles.includes(role)) throw new ApiError(403, ErrorCode.RoleRequired, undefined, 'Your role may not do this.');
    });
    routes(scope);
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
