import { SasFormatError } from './bcd.ts';
import { hasValidCrc } from './crc.ts';
import { eventOfException, type SasEvent } from './events.ts';
import type { SasLink } from './link.ts';
import type { LongPoll } from './long-polls/long-poll.ts';
import { AnswerWindow, type RawAnswer } from './answer-window.ts';
import type { Expected } from './answer-reader.ts';
import type { Scheduler } from './scheduler.ts';
import { sasTiming, type SasTiming } from './timing.ts';

/** Why a long poll brought no answer: silence or garbage on every try, a NACK, "busy", or the host stopped. */
export type PollFailure = 'no-answer' | 'garbled' | 'nack' | 'busy' | 'stopped';
export type PollResult<T> = { ok: true; value: T } | { ok: false; reason: PollFailure };

export interface PollerOptions {
  /** The machine's SAS address, 1-127. */
  address: number;
  scheduler: Scheduler;
  timing?: Partial<SasTiming>;
}

interface Job {
  poll: LongPoll<unknown>;
  resolve: (result: PollResult<unknown>) => void;
}

type Exchange =
  | { kind: 'valid'; bytes: Uint8Array; value?: unknown }
  | { kind: 'nack' }
  | { kind: 'busy' }
  | { kind: 'failed'; why: 'no-answer' | 'garbled' };

/**
 * The host's poll loop for one machine (docs/sas.md "The poll loop"): a general poll each cycle for
 * exceptions, unless a long poll is queued; polls at least `pollIntervalMs` apart; a poll with no
 * valid answer repeated (the implied NACK) up to `attempts` times. An answer is acknowledged by the
 * next different poll: when there is no long poll to send after an exception, a general poll to
 * address 0 (which no machine answers) does it; two long polls with the same command never follow
 * each other, as the second would read as a NACK of the first, so a general poll goes between. After a
 * poll that stayed unanswered through its repeats, a poll to address 0 goes out too: a machine that
 * powered up again answers nothing until it has seen a poll to another address (§3.3).
 */
export class SasPoller {
  readonly #link: SasLink;
  readonly #address: number;
  readonly #scheduler: Scheduler;
  readonly #timing: SasTiming;
  readonly #queue: Job[] = [];
  readonly #listeners = new Set<(event: SasEvent) => void>();
  #window: AnswerWindow | undefined;
  #unlisten: (() => void) | undefined;
  #running = false;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #lastMachinePollAt = -Infinity;
  /** The command of the last poll to the machine when it was a long poll. */
  #lastLongPoll: number | undefined;
  #ackOwed = false;
  /** A poll to the machine went unanswered: a machine that lost its sync (a power up) needs a poll to another address. */
  #syncOwed = false;
  #silentPolls = 0;
  #linkState: 'unknown' | 'up' | 'down' = 'unknown';

  constructor(link: SasLink, options: PollerOptions) {
    if (!Number.isInteger(options.address) || options.address < 1 || options.address > 127) {
      throw new RangeError('a SAS address is 1 to 127');
    }
    this.#link = link;
    this.#address = options.address;
    this.#scheduler = options.scheduler;
    this.#timing = { ...sasTiming, ...options.timing };
  }

  get linkUp(): boolean {
    return this.#linkState === 'up';
  }

  onEvent(listener: (event: SasEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#unlisten = this.#link.listen({
      bytes: (bytes) => this.#window?.bytes(bytes),
      lineError: () => this.#window?.lineError(),
    });
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#window?.cancel();
    this.#wake?.();
    await this.#loop;
    this.#unlisten?.();
    for (const job of this.#queue.splice(0)) job.resolve({ ok: false, reason: 'stopped' });
  }

  /** Queues a long poll; it is sent in its turn and settles with the machine's answer or why there is none. */
  request<T>(poll: LongPoll<T>): Promise<PollResult<T>> {
    if (!this.#running) return Promise.resolve({ ok: false, reason: 'stopped' });
    return new Promise((resolve) => {
      this.#queue.push({ poll, resolve: resolve as (result: PollResult<unknown>) => void });
    });
  }

  async #run(): Promise<void> {
    // §3.3: a machine syncs to the polling cycle on a poll to another address, address 0 included.
    await this.#pollAddressZero();
    while (this.#running) {
      if (this.#syncOwed || (this.#ackOwed && !this.#nextJob())) {
        await this.#until(this.#lastMachinePollAt + this.#timing.pollIntervalMs / 2);
        if (this.#running && (this.#syncOwed || !this.#nextJob())) await this.#pollAddressZero();
      }
      await this.#until(this.#lastMachinePollAt + this.#timing.pollIntervalMs);
      if (!this.#running) break;
      const job = this.#nextJob();
      if (job) {
        this.#queue.shift();
        job.resolve(await this.#longPoll(job.poll));
      } else await this.#generalPoll();
    }
  }

  /** The queued long poll, unless it has the command of the long poll just answered. */
  #nextJob(): Job | undefined {
    const job = this.#queue[0];
    return job && job.poll.command !== this.#lastLongPoll ? job : undefined;
  }

  /** Sleeps until `at` on the scheduler's time; stop() wakes it early. */
  async #until(at: number): Promise<void> {
    const ms = at - this.#scheduler.now();
    if (ms <= 0 || !this.#running) return;
    await new Promise<void>((resolve) => {
      const cancel = this.#scheduler.after(ms, resolve);
      this.#wake = () => {
        cancel();
        resolve();
      };
    });
    this.#wake = undefined;
  }

  async #pollAddressZero(): Promise<void> {
    this.#ackOwed = false;
    this.#syncOwed = false;
    this.#lastLongPoll = undefined;
    // Nobody answers it, so a failed write shows only at the next poll to the machine.
    await this.#link.send(Uint8Array.of(0x80)).catch(() => undefined);
  }

  async #generalPoll(): Promise<void> {
    this.#lastLongPoll = undefined;
    const exchange = await this.#withRetries(Uint8Array.of(0x80 | this.#address), { kind: 'exception' });
    if (exchange.kind !== 'valid') return;
    const code = exchange.bytes[0]!;
    this.#ackOwed = code !== 0x00;
    const event = eventOfException(code);
    if (event) this.#emit(event);
  }

  async #longPoll<T>(poll: LongPoll<T>): Promise<PollResult<T>> {
    this.#ackOwed = false;
    this.#lastLongPoll = poll.command;
    const exchange = await this.#withRetries(poll.frame(this.#address), { kind: 'long-poll', shape: poll.answer }, poll);
    if (exchange.kind === 'failed') return { ok: false, reason: this.#running ? exchange.why : 'stopped' };
    if (exchange.kind !== 'valid') return { ok: false, reason: exchange.kind };
    return { ok: true, value: exchange.value as T };
  }

  /** Sends the frame, and again (an implied NACK) while the answer is missing or garbled. */
  async #withRetries(frame: Uint8Array, expected: Expected, poll?: LongPoll<unknown>): Promise<Exchange> {
    let last: Exchange = { kind: 'failed', why: 'no-answer' };
    for (let attempt = 1; attempt <= this.#timing.attempts && this.#running; attempt++) {
      if (attempt > 1) await this.#until(this.#lastMachinePollAt + this.#timing.pollIntervalMs);
      last = this.#judge(await this.#exchange(frame, expected), poll);
      this.#countForLink(last.kind !== 'failed');
      if (last.kind !== 'failed') return last;
    }
    // Never between a poll and its repeats: a poll to another address there would acknowledge the answer.
    this.#syncOwed = this.#running;
    return last;
  }

  async #exchange(frame: Uint8Array, expected: Expected): Promise<RawAnswer> {
    const window = new AnswerWindow(this.#scheduler, this.#timing, expected, this.#address);
    this.#window = window;
    this.#lastMachinePollAt = this.#scheduler.now();
    try {
      await this.#link.send(frame);
    } catch {
      // A port that cannot be written (an adapter unplugged) is a machine that does not answer.
      this.#window = undefined;
      return { kind: 'silent' };
    }
    window.start();
    const answer = await window.result;
    this.#window = undefined;
    return answer;
  }

  #judge(answer: RawAnswer, poll?: LongPoll<unknown>): Exchange {
    if (answer.kind === 'silent') return { kind: 'failed', why: 'no-answer' };
    if (answer.kind === 'garbled') return { kind: 'failed', why: 'garbled' };
    const { bytes } = answer;
    if (!poll) return { kind: 'valid', bytes };
    if (bytes[0] === (this.#address | 0x80)) return { kind: 'nack' };
    if (poll.answer.kind === 'ack') return { kind: 'valid', bytes, value: poll.parse(bytes) };
    if (bytes.length === 2 && bytes[1] === 0x00) return { kind: 'busy' };
    if (bytes[1] !== poll.command || !hasValidCrc(bytes)) return { kind: 'failed', why: 'garbled' };
    try {
      return { kind: 'valid', bytes, value: poll.parse(bytes) };
    } catch (error) {
      if (error instanceof SasFormatError) return { kind: 'failed', why: 'garbled' };
      throw error;
    }
  }

  #countForLink(answered: boolean): void {
    if (answered) {
      this.#silentPolls = 0;
      if (this.#linkState !== 'up') {
        this.#linkState = 'up';
        this.#emit({ type: 'link', up: true });
      }
    } else if (++this.#silentPolls >= this.#timing.linkDownAfterPolls && this.#linkState !== 'down') {
      this.#linkState = 'down';
      this.#emit({ type: 'link', up: false });
    }
  }

  #emit(event: SasEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}
