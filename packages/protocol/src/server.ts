// Node-only helpers shared by the platform and the machine agent (`@reelcast/protocol/server`); the
// portal never imports this file.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

export { envBool, envList, envPort, envTrustProxy, parseEnv, validTimeZone } from './env.ts';

/**
 * connect-style middleware that sets headers on a raw answer: what helmet returns, and what Socket.IO's
 * `io.engine.use` takes. The platform and the agent set their security headers through one of these on
 * every answer, Fastify's and the socket engine's alike.
 */
export type RawAnswerHeaders = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

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

/**
 * Runs `close` (the server's shutdown) and cuts whatever connection is still open after `graceMs`.
 * Without the bound a keep-alive connection whose request was in flight when the close began stays
 * open after its answer (Node still answers `Connection: keep-alive`) until the server's keep-alive
 * timeout, 72 s in Fastify, and the shutdown waits for it: a machine agent's call to the platform,
 * or the platform's command to an agent, then held the other's stop for over a minute.
 *
 * @example
 * await closeWithin(app.server, async () => { await app.close(); });
 */
export async function closeWithin(server: Server, close: () => Promise<void>, graceMs = 5_000): Promise<void> {
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  try {
    await close();
  } finally {
    clearTimeout(cut);
  }
}
