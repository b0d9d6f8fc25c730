import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCors from '@fastify/cors';
import helmet from 'helmet';
import { ErrorCode, type AllowedOrigins } from '@reelcast/protocol';
import { corsOriginCheck, type RawAnswerHeaders } from '@reelcast/protocol/server';

/**
 * The agent's security headers (docs/security.md "Headers") on a raw answer: it serves no pages, so its
 * CSP allows nothing and no one may frame it. Every answer gets them: Fastify's (installAgentEdge), a
 * URL its router cannot decode (agentFrameworkErrors), the game socket's engine (`io.engine.use`).
 */
export function agentAnswerHeaders(options: { https: boolean }): RawAnswerHeaders {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The portal on another origin reads WHEP answers through CORS; resources are not embedded.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}

/** Fastify's `frameworkErrors`: a URL its router cannot decode answers the SPEC §8 shape, with the headers. */
export function agentFrameworkErrors(headers: RawAnswerHeaders) {
  return (_error: Error, request: FastifyRequest, reply: FastifyReply): void => {
    headers(request.raw, reply.raw, () => {
      void reply.status(400).send({ code: ErrorCode.InvalidRequest, ErrorMessage: 'The URL is not valid.' });
    });
  };
}

/**
 * The agent's HTTP edge (docs/security.md): security headers on every answer, then CORS for the
 * portal's origins with the rule the platform uses (any other Origin is refused with 403 before a
 * route runs, its answer carrying the headers too).
 */
export async function installAgentEdge(
  app: FastifyInstance,
  options: { allowed: AllowedOrigins; headers: RawAnswerHeaders },
): Promise<void> {
  app.setErrorHandler((error: Error & { statusCode?: number; code?: unknown }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({
      code: status === 500 ? ErrorCode.InternalError : ErrorCode.InvalidRequest,
      ErrorMessage: status === 500 ? 'Internal error.' : error.message,
    });
  });
  app.addHook('onRequest', (request, reply, done) => options.headers(request.raw, reply.raw, () => done()));
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
}
