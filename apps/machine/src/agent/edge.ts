import type { FastifyInstance } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import { ErrorCode, type AllowedOrigins } from '@reelcast/protocol';
import { corsOriginCheck } from '@reelcast/protocol/server';

/**
 * The agent's HTTP edge (docs/security.md): CORS for the portal's origins with the rule the platform
 * uses (any other Origin is refused with 403 before a route runs), and security headers. The agent
 * serves no pages: its CSP allows nothing and no one may frame it.
 */
export async function installAgentEdge(app: FastifyInstance, options: { allowed: AllowedOrigins; https: boolean }): Promise<void> {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: unknown }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({
      code: status === 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest,
      ErrorMessage: status === 500 ? 'Internal error.' : error.message,
    });
  });
  await app.register(fastifyCors, {
    // Without an Origin, WHEP's own OPTIONS answers.
    origin: corsOriginCheck(
      () => options.allowed,
      () => Object.assign(new Error('Origin not allowed.'), { statusCode: 403 }),
    ),
    methods: ['GET', 'POST', 'DELETE', 'PATCH', 'OPTIONS'],
    allowedHeaders: ['authorization', 'content-type', 'if-match'],
    exposedHeaders: ['Location', 'Link', 'ETag'],
    maxAge: 600,
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The portal on another origin reads WHEP answers through CORS; resources are not embedded.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
