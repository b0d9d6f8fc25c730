import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../db/index.ts';
import { zod } from './context.ts';

/** How long one check of /readyz may take before it counts as not ready (a load balancer waits for the answer). */
const CHECK_TIMEOUT_MS = 2_000;

const healthAnswer = z.object({ status: z.literal('ok') });
const readyAnswer = z.object({
  status: z.enum(['ready', 'not ready']),
  /** What is not ready: `database`, `redis`, `migrations`, `draining`; empty when ready. */
  notReady: z.array(z.enum(['database', 'redis', 'migrations', 'draining'])),
});
type NotReady = z.infer<typeof readyAnswer>['notReady'][number];

export interface HealthOptions {
  database: Pick<Database, 'readiness'>;
  /** REDIS_URL: checked with a connection of its own (the bus's subscriber cannot PING). */
  redisUrl?: string;
  /** True once the instance is shutting down: /readyz answers 503 so the load balancer stops sending. */
  draining: () => boolean;
}

/**
 * GET /healthz (alive: 200 while the process serves) and GET /readyz (200 when the database answers,
 * Redis answers when REDIS_URL is set, every migration is applied and the instance is not draining;
 * else 503 naming what is not). No authentication; neither counts against the API rate limit (GET
 * outside the API's paths), so a load balancer may poll every second.
 */
export function healthRoutes(app: FastifyInstance, options: HealthOptions): void {
  const api = zod(app);
  const meta = { tags: ['health'] };
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    : undefined;
  // The bus reports Redis outages; this connection's own errors would repeat them.
  redis?.on('error', () => {});
  redis?.connect().catch(() => {});
  app.addHook('onClose', (_instance, done) => {
    redis?.disconnect();
    done();
  });

  api.get(
    '/healthz',
    {
      schema: {
        ...meta,
        summary: 'Alive: 200 while the process serves (a restart is due when it does not answer)',
        response: { 200: healthAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  api.get(
    '/readyz',
    {
      schema: {
        ...meta,
        summary: 'Ready for traffic: database and Redis answer, migrations applied, not draining (else 503 naming what is not)',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const notReady: NotReady[] = [];
      const [database, redisUp] = await Promise.all([
        within(options.database.readiness(), { database: false, migrations: false }),
        redis
          ? within(
              redis.ping().then(
                (pong) => pong === 'PONG',
                () => false,
              ),
              false,
            )
          : Promise.resolve(true),
      ]);
      if (!database.database) notReady.push('database');
      if (!redisUp) notReady.push('redis');
      if (!database.migrations) notReady.push('migrations');
      if (options.draining()) notReady.push('draining');
      return reply.status(notReady.length ? 503 : 200).send({ status: notReady.length ? 'not ready' : 'ready', notReady });
    },
  );
}

function within<T>(work: Promise<T>, otherwise: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(otherwise), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work.catch(() => otherwise), late]).finally(() => clearTimeout(timer));
}
