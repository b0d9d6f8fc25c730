import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services.ts';
import type { RateLimits } from './rate-limits.ts';

/** What routes get: the services, and the rate limits they may apply (docs/security.md). */
export type RouteContext = Services & { limits: RateLimits };

/** A route module: registers its routes on the app with the zod type provider. */
export type RouteModule = (app: FastifyInstance, context: RouteContext) => void;

export const zod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
