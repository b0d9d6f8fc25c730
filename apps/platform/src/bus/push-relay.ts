import { Redis } from 'ioredis';
import type { Bus, BusTopic, BusTopics } from './bus.ts';
import { busChannel, busTopics } from './redis-bus.ts';

/** What became of the pushes a one-shot process published (see PushRelay.flush). */
export type RelayOutcome =
  /** Nothing was published: nobody had to be told. */
  | { kind: 'nothing' }
  /** Every push went to Redis: running platform instances of this prefix hand them to their sockets. */
  | { kind: 'sent'; count: number }
  /** No REDIS_URL: the pushes stayed in this process. */
  | { kind: 'no-redis'; count: number }
  /** REDIS_URL is set but Redis did not take the pushes. */
  | { kind: 'unreachable'; count: number; where: string; reason: string };

interface Recorded {
  topic: BusTopic;
  payload: BusTopics[BusTopic];
}

/**
 * The pushes of a one-shot process (a CLI command) for the platform instances that are running:
 * it records what the command's services publish on their in-process bus, and `flush` sends them to
 * Redis on the channels a RedisBus of the same prefix listens to (`{prefix}:bus:{topic}`), once the
 * work is done. It never waits long: connecting and publishing are bounded by `timeoutMs`, and no
 * reconnect is tried.
 */
export class PushRelay {
  readonly #recorded: Recorded[] = [];
  readonly #unsubscribe: (() => void)[];
  readonly #redis: Redis | undefined;
  readonly #connected: Promise<string | null>;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  #lastError: string | undefined;

  /** Starts recording `bus`'s pushes and, with a `url`, connecting to Redis meanwhile. */
  constructor(bus: Bus, options: { url: string | undefined; prefix: string; timeoutMs?: number }) {
    this.#prefix = options.prefix;
    this.#timeoutMs = options.timeoutMs ?? 3000;
    this.#unsubscribe = busTopics.map((topic) => bus.subscribe(topic, (payload) => this.#recorded.push({ topic, payload })));
    if (!options.url) {
      this.#connected = Promise.resolve(null);
      return;
    }
    this.#redis = new Redis(options.url, {
      lazyConnect: true,
      connectTimeout: this.#timeoutMs,
      commandTimeout: this.#timeoutMs,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    // The reason is reported by flush (no "Unhandled error event" from ioredis).
    this.#redis.on('error', (error: Error) => (this.#lastError ??= error.message));
    this.#connected = this.#redis.connect().then(
      () => null,
      (error: Error) => this.#lastError ?? error.message,
    );
  }

  /** How many pushes were recorded so far. */
  get count(): number {
    return this.#recorded.length;
  }

  /** Stops recording, sends what was recorded and closes the connection; answers what became of the pushes. */
  async flush(): Promise<RelayOutcome> {
    for (const stop of this.#unsubscribe) stop();
    const count = this.#recorded.length;
    try {
      if (!this.#redis) return count ? { kind: 'no-redis', count } : { kind: 'nothing' };
      if (!count) return { kind: 'nothing' };
      const failed = await this.#connected;
      if (failed !== null) return { kind: 'unreachable', count, where: where(this.#redis), reason: failed };
      try {
        // One pipeline, in the order the work published them.
        const replies = await this.#redis
          .pipeline(this.#recorded.map(({ topic, payload }) => ['publish', busChannel(this.#prefix, topic), JSON.stringify(payload)]))
          .exec();
        const error = replies?.find(([e]) => e)?.[0];
        if (!replies || error) return { kind: 'unreachable', count, where: where(this.#redis), reason: error?.message ?? 'no reply' };
        return { kind: 'sent', count };
      } catch (error) {
        return { kind: 'unreachable', count, where: where(this.#redis), reason: (error as Error).message };
      }
    } finally {
      this.#redis?.disconnect();
    }
  }
}

/** Host and port of the connection, never the password a REDIS_URL may hold. */
function where(redis: Redis): string {
  const { host, port, path } = redis.options;
  return path ?? `${host ?? 'localhost'}:${port ?? 6379}`;
}

/** The line a CLI prints when running platforms could not be told (null: nothing to say). */
export function relayWarning(outcome: RelayOutcome): string | null {
  const consequence =
    'so running platform instances are not told of this change: signed-in pages show it on their next request ' +
    '(a balance on the next refresh or play, a ban closes their sockets within SOCKET_RECHECK_SECONDS)';
  if (outcome.kind === 'no-redis') {
    return `warning: REDIS_URL is not set, ${consequence}. Run the CLI with the platform's REDIS_URL and REDIS_PREFIX to push at once.`;
  }
  if (outcome.kind === 'unreachable') {
    return `warning: Redis at ${outcome.where} could not be reached (${outcome.reason}), ${consequence}. The change itself is done.`;
  }
  return null;
}
