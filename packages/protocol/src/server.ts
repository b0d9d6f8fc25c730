// Node-only helpers shared by the platform and the machine agent (`@reelcast/protocol/server`); the
// portal never imports this file.
import { timingSafeEqual } from 'node:crypto';
import { bearerToken } from './bearer.ts';

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
