import type { FastifyInstance } from 'fastify';
import fastifyCors from '@fastify/cors';
import { allowedOrigins, ErrorCode, type AllowedOrigins } from '@reelcast/protocol';
import { corsOriginCheck } from '@reelcast/protocol/server';
import type { Config } from '../config.ts';
import { ApiError } from './api-error.ts';

/** Where browsers load the portal: PUBLIC_URL, or http://localhost:{port} when it is not set. */
export function publicUrlOf(config: Config, port: number): string {
  return config.publicUrl ?? `http://localhost:${port}`;
}

/** The platform's allowed browser origins: the public URL's and ALLOWED_ORIGINS (docs/security.md). */
export function platformOrigins(config: Config, port: number): AllowedOrigins {
  return allowedOrigins({ publicUrls: [publicUrlOf(config, port)], extra: config.allowedOrigins });
}

/**
 * CORS for the API with the shared origin rule: an allowed Origin gets the CORS headers (and its
 * preflight an answer); any other Origin is refused with 403 / 40000 before the route runs.
 */
export async function installOriginCheck(app: FastifyInstance, allowed: () => AllowedOrigins): Promise<void> {
  await app.register(fastifyCors, {
    origin: corsOriginCheck(allowed, (origin) => {
      app.log.info(
        `refused a request from the origin ${origin.slice(0, 200)}: add it to ALLOWED_ORIGINS (or set PUBLIC_URL) if it is yours`,
      );
      return new ApiError(403, ErrorCode.InvalidRequest, undefined, 'Origin not allowed.');
    }),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
    strictPreflight: false,
  });
}
