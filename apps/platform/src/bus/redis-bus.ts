import { Redis } from 'ioredis';
import type { Bus, BusHandler, BusTopic, BusTopics } from './bus.ts';
import { InProcessBus } from './bus.ts';

/** Every topic, so a topic added to BusTopics cannot be left unsubscribed (the compiler asks for it here). */
const everyTopic: Record<BusTopic, true> = {
  balance: true,
  machine: true,
  revoked: true,
  chatMessage: true,
  chatStatus: true,
  chatRead: true,
  jackpot: true,
  jackpotWin: true,
  operatorEvent: true,
  machineAddress: true,
  floor: true,
};

/** Every bus topic, in one list. */
export const busTopics = Object.keys(everyTopic) as BusTopic[];

/** The Redis channel of a topic: `{prefix}:bus:{topic}` (prefix: REDIS_PREFIX, default `reelcast`). */
export const busChannel = (prefix: string, topic: BusTopic): string => `${prefix}:bus:${topic}`;

/**
 * The bus across platform instances: a publish goes to Redis, and every instance (this one included)
 * hands what Redis delivers to its local subscribers.
 */
export class RedisBus implements Bus {
  readonly #local = new InProcessBus();
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #channelPrefix: string;

  private constructor(pub: Redis, sub: Redis, channelPrefix: string) {
    this.#pub = pub;
    this.#sub = sub;
    this.#channelPrefix = channelPrefix;
    sub.on('message', (channel: string, message: string) => {
      const topic = channel.slice(channelPrefix.length) as BusTopic;
      try {
        // Written by another instance of this code on this deployment's channels (redisPrefix).
        this.#local.publish(topic, JSON.parse(message) as BusTopics[typeof topic]);
      } catch {
        // A malformed message from another process is dropped.
      }
    });
  }

  /** `prefix` (REDIS_PREFIX) keeps deployments that share one Redis apart: channels are `{prefix}:bus:{topic}`. */
  static async connect(url: string, prefix: string): Promise<RedisBus> {
    const channelPrefix = `${prefix}:bus:`;
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    reportOutages(pub, 'publishing');
    reportOutages(sub, 'receiving');
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(...busTopics.map((t) => busChannel(prefix, t)));
    return new RedisBus(pub, sub, channelPrefix);
  }

  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    this.#pub.publish(this.#channelPrefix + topic, JSON.stringify(payload)).catch(() => {});
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): () => void {
    return this.#local.subscribe(topic, handler);
  }

  async close(): Promise<void> {
    await this.#local.close();
    this.#sub.disconnect();
    this.#pub.disconnect();
  }
}

/**
 * One line on stderr when a connection to Redis breaks and one when it is back, instead of ioredis's
 * "Unhandled error event" with a stack trace on every reconnect attempt. ioredis reconnects by itself;
 * meanwhile pushes to other instances are lost (each instance still serves its own sockets).
 */
function reportOutages(redis: Redis, role: string): void {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    console.warn(`Redis bus (${role}): ${error.message}; pushes between instances stop until it is back`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    console.warn(`Redis bus (${role}): connected again`);
  });
}
