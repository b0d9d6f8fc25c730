import { randomBytes } from 'node:crypto';
import { pushPoint } from '@reelcast/protocol';
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../shared/index.ts';
import { onDeliveries, type Delivery } from './deliveries.ts';

/** A push and when it was sent (ms). */
type Logged = Delivery & { at: number };

/**
 * The pushes this instance sent lately that state what is now (deliveries.ts `replay`), numbered. A
 * sign-in answer carries the current point (`pushesFrom`); the page fetches its data after that answer
 * and opens its notification socket later, handing the point back: the socket is sent every push since
 * (`since`), instead of the page fetching everything again. Every instance hears every push (the bus),
 * but numbers them its own way: a point of another instance, or older than what is kept, gives null
 * (the page fetches again). docs/api.md "Notification socket".
 */
export class PushLog {
  readonly #instance = randomBytes(4).toString('hex');
  readonly #clock: Clock;
  readonly #keepMs: number;
  readonly #max: number;
  #seq = 0;
  /** The kept pushes are `#entries` from `#head` on: the last is number `#seq`, each one before it one less. */
  #entries: Logged[] = [];
  #head = 0;
  readonly #unsubscribe: () => void;

  constructor({ bus, clock, keepMs = 60_000, max = 50_000 }: { bus: Bus; clock: Clock; keepMs?: number; max?: number }) {
    this.#clock = clock;
    this.#keepMs = keepMs;
    this.#max = max;
    this.#unsubscribe = onDeliveries(bus, (delivery) => {
      if (delivery.replay) this.#add(delivery);
    });
  }

  /** Where a replay would start now. */
  point(): string {
    return `${this.#instance}.${this.#seq}`;
  }

  /** The pushes for `playerId` since `point`, oldest first; null when they cannot all be told. */
  since(point: unknown, playerId: number): Delivery[] | null {
    const parsed = pushPoint.safeParse(point);
    if (!parsed.success) return null;
    const [instance, count] = parsed.data.split('.') as [string, string];
    const seq = Number(count);
    if (instance !== this.#instance || seq > this.#seq) return null;
    this.#trim();
    const kept = this.#entries.length - this.#head;
    // The first push after the point must still be kept (or none was sent since).
    if (seq < this.#seq - kept) return null;
    const missed: Delivery[] = [];
    for (let index = this.#entries.length - (this.#seq - seq); index < this.#entries.length; index += 1) {
      const { at: _at, ...delivery } = this.#entries[index]!;
      if ((!delivery.to || delivery.to.includes(playerId)) && delivery.except !== playerId) missed.push(delivery);
    }
    return missed;
  }

  close(): void {
    this.#unsubscribe();
  }

  #add(delivery: Delivery): void {
    this.#seq += 1;
    this.#entries.push({ ...delivery, at: this.#clock().getTime() });
    this.#trim();
  }

  /** Keeps at most `max` pushes, none older than `keepMs`; the array is compacted once half of it is dropped. */
  #trim(): void {
    const horizon = this.#clock().getTime() - this.#keepMs;
    this.#head = Math.max(this.#head, this.#entries.length - this.#max);
    while (this.#head < this.#entries.length && this.#entries[this.#head]!.at < horizon) this.#head += 1;
    if (this.#head > 1024 && this.#head * 2 > this.#entries.length) {
      this.#entries = this.#entries.slice(this.#head);
      this.#head = 0;
    }
  }
}
