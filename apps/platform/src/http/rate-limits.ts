import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ErrorCode } from '@reelcast/protocol';
import type { Config } from '../config.ts';
import { ApiError } from './api-error.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type Throttle = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The limits of docs/security.md "Rate limits": hooks that answer 429 / 42900 with Retry-After. */
export interface RateLimits {
  /** Every API request, per client IP. */
  api: Throttle | null;
  /** Sign-in attempts per client IP, whatever the username. */
  login: Throttle | null;
  /** Calls that move a player's money (promotion claims, kick, cash out), per signed-in player. */
  money: Throttle | null;
  /** Chat messages sent, per signed-in account (docs/chat.md). */
  chat: Throttle | null;
  /** Registrations and reset requests, the calls that send mail (docs/self-service.md), per client IP per hour. */
  accountMailIp: Throttle | null;
  /**
   * The same per e-mail address or username the body names (`email`, else `login`, in lower case) per hour:
   * a preHandler, after the body is read. Known or not, every address has the same limit.
   */
  accountMailAddress: Throttle | null;
}

/**
 * Counters live in this process, or in Redis when REDIS_URL is set, so every platform instance counts
 * against the same limit. A limit of 0 is off. If Redis fails, requests go through (the log says so):
 * the limits protect capacity, while the money and the login block are guarded in the database.
 */
export async function installRateLimits(app: FastifyInstance, config: Config): Promise<RateLimits> {
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  redis?.on('error', (error) => app.log.warn(`rate limits: Redis unavailable (${error.message}); requests are not limited meanwhile`));
  if (redis) {
    app.addHook('onClose', (_instance, done) => {
      redis.disconnect();
      done();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rate-limit:` } : { store: SnapshotLocalStore }),
  });

  const limit = (name: string, max: number, keyOf: (request: FastifyRequest) => string, timeWindow = MINUTE): Throttle | null => {
    if (max <= 0) return null;
    const count = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${keyOf(request)}` });
    return async (request, reply) => {
      const result = await count(request);
      if (result.isAllowed || !result.isExceeded) return;
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header('retry-after', String(seconds));
      throw new ApiError(
        429,
        ErrorCode.TooManyRequests,
        { retry_after: seconds },
        `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
      );
    };
  };

  return {
    api: limit('api', config.rateLimitApiPerMinute, (request) => request.ip),
    login: limit('login', config.rateLimitLoginPerMinute, (request) => request.ip),
    money: limit('money', config.rateLimitMoneyPerMinute, (request) => String(request.player?.id ?? request.ip)),
    chat: limit('chat', config.rateLimitChatPerMinute, (request) => String(request.player?.id ?? request.ip)),
    accountMailIp: limit('account-mail-ip', config.rateLimitAccountMailIpPerHour, (request) => request.ip, HOUR),
    accountMailAddress: limit('account-mail', config.rateLimitAccountMailPerHour, (request) => addressNamedBy(request.body), HOUR),
  };
}

/** The address or username a registration (`email`) or a reset request (`login`) names, as one key whatever its case. */
function addressNamedBy(body: unknown): string {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const named = typeof fields.email === 'string' ? fields.email : typeof fields.login === 'string' ? fields.login : '';
  return named.trim().toLowerCase();
}

type Done = (error: Error | null, counted?: { current: number; ttl: number }) => void;
/** What the plugin passes a store: its constructor gets the plugin's options, `child` a limit's merged options. */
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
interface CounterStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
}
// The plugin's own in-process store; the package has no export map, so its file is the way in.
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => CounterStore;
const copy =
  (done: Done): Done =>
  (error, counted) =>
    done(error, counted && { current: counted.current, ttl: counted.ttl });

/**
 * The plugin's in-process store, answering each caller with a copy of its counter. The store itself
 * (@fastify/rate-limit 11.2) hands every caller the same object, which the next requests of a burst
 * increment before the first caller reads it: under load all 50 requests of a burst saw the final
 * count and were refused, where the first `max` must go through (rate-limits.test.ts).
 */
export class SnapshotLocalStore implements FastifyRateLimitStore {
  readonly #store: CounterStore;

  constructor(options: StoreOptions) {
    this.#store = new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache);
  }

  incr(key: string, done: Done, timeWindow: number, max: number): void {
    this.#store.incr(key, copy(done), timeWindow, max);
  }

  read(key: string, done: Done, timeWindow: number, max: number): void {
    this.#store.read(key, copy(done), timeWindow, max);
  }

  child(options: object): SnapshotLocalStore {
    return new SnapshotLocalStore(options);
  }
}

/** The limits that are on, as hooks for a route's `onRequest` or `preHandler`. */
export function throttles(...limits: (Throttle | null)[]): Throttle[] {
  return limits.filter((limit): limit is Throttle => limit !== null);
}
