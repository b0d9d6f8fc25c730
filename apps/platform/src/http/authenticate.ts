import type { FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, ErrorCode, type TokenClaims } from '@reelcast/protocol';
import type { AuthService } from '../auth/index.ts';
import { ApiError } from './api-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    player: TokenClaims | null;
  }
}

/** preHandler for every player route: a live token or 401 with code 10. */
export function requirePlayer(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? await auth.authenticate(token) : null;
    if (!claims) throw new ApiError(401, ErrorCode.SignatureNotVerified);
    request.player = claims;
  };
}

export function playerOf(request: FastifyRequest): TokenClaims {
  if (!request.player) throw new ApiError(401, ErrorCode.SignatureNotVerified);
  return request.player;
}
