// Node-only helpers shared by the platform and the machine agent (`@reelcast/protocol/server`); the
// portal never imports this file.
import { timingSafeEqual } from 'node:crypto';
import { bearerToken } from './bearer.ts';
import { originAllowed, type AllowedOrigins } from './origins.ts';

/**
 * Whether an `Authorization` header carries the machine service token, compared in constant time.
 *
 * @example
 * if (!serviceTokenMatches(request.headers.authorization, serviceToken)) return reply.status(401).send(…)
 */
export function serviceTokenMatches(header: string | undefined, serviceToken: string): boolean {
  const given = Buffer.from(bearerToken(header) ?? '');
  const expected = Buffer.from(serviceToken);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export { envBool, envList, envPort, parseEnv } from './env.ts';

/**
 * The `origin` option of @fastify/cors with the shared origin rule (docs/security.md "Origins"): no
 * Origin (not a browser's cross-site request) leaves CORS out, an allowed one is echoed, any other is
 * refused with the error `refused` makes (a 403, before the route runs). The platform and the agent
 * register CORS with it, each with its own methods and headers.
 */
export function corsOriginCheck(
  allowed: () => AllowedOrigins,
  refused: (origin: string) => Error,
): (origin: string | undefined, callback: (error: Error | null, origin: string | boolean) => void) => void {
  return (origin, callback) => {
    if (origin === undefined) return callback(null, false);
    if (originAllowed(origin, allowed())) return callback(null, origin);
    callback(refused(origin), false);
  };
}
