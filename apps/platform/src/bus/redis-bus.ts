import { Redis } from 'ioredis';
import type { Bus, BusHandler, BusTopic, BusTopics } from './bus.ts';
import { InProcessBus } from './bus.ts';

const channelPrefix = 'reelcast:bus:';

/**
 * The bus across platform instances: a publish goes to Redis, and every instance (this one included)
 * hands what Redis delivers to its local subscribers.
 */
export class RedisBus implements Bus {
  readonly #local = new InProcessBus();
  readonly #pub: Redis;
  readonly #sub: Redis;

  private constructor(pub: Redis, sub: Redis) {
    this.#pub = pub;
    this.#sub = sub;
    sub.on('message', (channel: string, message: string) => {
      const topic = channel.slice(channelPrefix.length) as BusTopic;
      try {
        this.#local.publish(topic, JSON.parse(message));
      } catch {
        // A malformed message from another process is dropped.
      }
    });
  }

  static async connect(url: string): Promise<RedisBus> {
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    await Promise.all([pub.connect(), sub.connect()]);
    const topics: BusTopic[] = ['balance', 'machine', 'revoked'];
    await sub.subscribe(...topics.map((t) => channelPrefix + t));
    return new RedisBus(pub, sub);
  }

  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
    this.#pub.publish(channelPrefix + topic, JSON.stringify(payload)).catch(() => {});
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
