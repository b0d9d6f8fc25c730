import {
  errorAnswer,
  ErrorCode,
  liveAuthSessionsAnswer,
  machineList,
  type Machine,
  machineTransferAnswer,
  playCountersAnswer,
  seatAnswer,
  seatHeldAnswer,
  sessionBalanceAnswer,
  slotSession,
  type MachineStatusReport,
  type MachineTransferAnswer,
  type PlayCountersAnswer,
  type PlayCountersReport,
  type SeatAnswer,
  type SeatHeldAnswer,
  type SeatHeldRequest,
  type SeatRequest,
  type SessionCloseRequest,
  settlementAnswer,
  type SettlementAnswer,
  type SettlementRequest,
  type SlotSession,
  watchAnswer,
  type WatchAnswer,
} from '@reelcast/protocol';
import type { z } from 'zod/mini';

/** A refusal from the platform: its SPEC §8 code and message. */
export class PlatformRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    /** The refusal's Params (a limit's room left, a time-out's end), passed on to the player. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** The platform did not answer (network, 5xx): the call may or may not have happened. */
export class PlatformUnreachable extends Error {}

/** The URLs of a PLATFORM_URL: one, or several separated by commas (blanks around them ignored). */
export const splitUrls = (value: string): string[] =>
  value
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);

export interface PlatformClientOptions {
  /**
   * The platform: one URL (a load balancer's, or the one instance), or several instances' URLs (a list,
   * or separated by commas), each call tried on the next one when one does not answer.
   */
  baseUrl: string | readonly string[];
  serviceToken: string;
  /** How long to keep retrying an idempotent call before giving up (ms). */
  retryForMs?: number;
  timeoutMs?: number;
}

/**
 * The machine API of the platform, as a machine agent uses it. Calls that are safe to repeat
 * (everything keyed by a transfer or settlement id) are retried until the platform answers.
 *
 * With several platform URLs, a call that finds one unreachable (no connection, a timeout, a 5xx) goes
 * at once to the next, and the agent keeps using the one that answered. The call is the same on every
 * URL, body and ids included: a money call that reached a dying instance is repeated on another with
 * the same transfer or settlement id (its idempotency key), so it happens once; a seat request repeated
 * for the same player resumes the seat it made (docs/machine-protocol.md "Several platform instances").
 */
export class PlatformClient {
  readonly #bases: string[];
  /** The URL that answered last: every call starts there. */
  #current = 0;
  readonly #token: string;
  readonly #retryForMs: number;
  readonly #timeoutMs: number;

  constructor(options: PlatformClientOptions) {
    const urls = typeof options.baseUrl === 'string' ? splitUrls(options.baseUrl) : [...options.baseUrl];
    if (!urls.length) throw new Error('no platform URL');
    this.#bases = urls.map((url) => url.replace(/\/$/, ''));
    this.#token = options.serviceToken;
    this.#retryForMs = options.retryForMs ?? 20_000;
    this.#timeoutMs = options.timeoutMs ?? 5_000;
  }

  machines(): Promise<Machine[]> {
    return this.#call('GET', '/machine-api/machines', undefined, machineList, true);
  }

  reportStatus(machineId: number, report: MachineStatusReport): Promise<unknown> {
    return this.#call('PUT', `/machine-api/machines/${machineId}/status`, report, null, true);
  }

  /** Seats the player of `token`; `ip` is their address as the game socket saw it (the platform's IP check). */
  seat(machineId: number, token: string, ip?: string): Promise<SeatAnswer> {
    const body: SeatRequest = ip === undefined ? { token } : { token, ip };
    return this.#call('POST', `/machine-api/machines/${machineId}/seat`, body, seatAnswer, false);
  }

  /**
   * The seat the agent holds on the machine (null: none): the platform closes any other open there. One
   * round: the host waits for it, and its recovery tries again.
   */
  seatHeld(machineId: number, held: SeatHeldRequest): Promise<SeatHeldAnswer> {
    return this.#call('PUT', `/machine-api/machines/${machineId}/seat`, held, seatHeldAnswer, false);
  }

  /** Which of these sign-in sessions (token jti) are still live; asked in batches of 1000. */
  async liveAuthSessions(authSessionIds: readonly string[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (let i = 0; i < authSessionIds.length; i += 1000) {
      const answer = await this.#call(
        'POST',
        '/machine-api/auth-sessions/live',
        { authSessionIds: authSessionIds.slice(i, i + 1000) },
        liveAuthSessionsAnswer,
        false,
      );
      for (const id of answer.live) live.add(id);
    }
    return live;
  }

  /**
   * May `token` watch the machine without its seat (a staff or admin member, docs/console.md "Watch")?
   * Its sign-in session and account when yes; a refusal (401, 403) throws PlatformRefusal. Not retried: a viewer waits.
   */
  watch(machineId: number, token: string, ip?: string): Promise<WatchAnswer> {
    return this.#call('POST', `/machine-api/machines/${machineId}/watch`, ip === undefined ? { token } : { token, ip }, watchAnswer, false);
  }

  /** Which of these watchers are still signed in and still staff or admin. */
  async liveWatchers(watchers: readonly WatchAnswer[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (let i = 0; i < watchers.length; i += 1000) {
      const body = { watchers: watchers.slice(i, i + 1000) };
      for (const id of (await this.#call('POST', '/machine-api/watchers/live', body, liveAuthSessionsAnswer, false)).live) live.add(id);
    }
    return live;
  }

  /** The wallet balance of the session's player; not retried (a player is waiting for the answer). */
  async sessionBalance(sessionId: string): Promise<number> {
    return (await this.#call('GET', `/machine-api/sessions/${sessionId}/balance`, undefined, sessionBalanceAnswer, false)).balance;
  }

  closeSession(sessionId: string, figures: SessionCloseRequest): Promise<SlotSession> {
    return this.#call('POST', `/machine-api/sessions/${sessionId}/close`, figures, slotSession, true);
  }

  reserveCashIn(transferId: string, sessionId: string, amount: number): Promise<MachineTransferAnswer> {
    return this.#call('POST', '/machine-api/transfers/cash-in', { transferId, sessionId, amount }, machineTransferAnswer, true);
  }

  postCashIn(transferId: string): Promise<MachineTransferAnswer> {
    return this.#call('POST', `/machine-api/transfers/${transferId}/post`, undefined, machineTransferAnswer, true);
  }

  voidCashIn(transferId: string): Promise<MachineTransferAnswer> {
    return this.#call('POST', `/machine-api/transfers/${transferId}/void`, undefined, machineTransferAnswer, true);
  }

  cashOut(transferId: string, sessionId: string, amount: number): Promise<MachineTransferAnswer> {
    return this.#call('POST', '/machine-api/transfers/cash-out', { transferId, sessionId, amount }, machineTransferAnswer, true);
  }

  settle(request: SettlementRequest): Promise<SettlementAnswer> {
    return this.#call('POST', '/machine-api/settlements', request, settlementAnswer, true);
  }

  /** The machine's play counters (cumulative); tried once: the agent's reporter retries with the latest counters. */
  reportPlayCounters(machineId: number, report: PlayCountersReport): Promise<PlayCountersAnswer> {
    return this.#call('POST', `/machine-api/machines/${machineId}/play-counters`, report, playCountersAnswer, false);
  }

  /** The platform URLs, the one in use first. */
  get urls(): string[] {
    return [...this.#bases.slice(this.#current), ...this.#bases.slice(0, this.#current)];
  }

  async #call<T>(method: string, path: string, body: unknown, schema: z.ZodMiniType<T> | null, retry: boolean): Promise<T> {
    const giveUpAt = Date.now() + (retry ? this.#retryForMs : 0);
    let wait = 100;
    for (;;) {
      // One round: every URL once, from the one in use.
      let unreachable: PlatformUnreachable | undefined;
      for (let i = 0; i < this.#bases.length; i++) {
        const index = (this.#current + i) % this.#bases.length;
        try {
          const answer = await this.#once(this.#bases[index]!, method, path, body, schema);
          this.#current = index;
          return answer;
        } catch (error) {
          if (!(error instanceof PlatformUnreachable)) {
            // A refusal is an answer: that instance is up.
            this.#current = index;
            throw error;
          }
          unreachable = error;
        }
      }
      if (Date.now() + wait > giveUpAt) throw unreachable!;
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, 2_000);
    }
  }

  async #once<T>(base: string, method: string, path: string, body: unknown, schema: z.ZodMiniType<T> | null): Promise<T> {
    let response: Response;
    try {
      response = await fetch(base + path, {
        method,
        headers: {
          authorization: `Bearer ${this.#token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new PlatformUnreachable(`platform unreachable at ${base}: ${(error as Error).message}`);
    }
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => {});
      throw new PlatformUnreachable(`platform at ${base} answered ${response.status}`);
    }
    // The timeout covers the body too: an answer cut off or stalled after its headers is no answer (the
    // call may have happened; a retried call repeats its idempotency key), not an answer of null.
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new PlatformUnreachable(`platform at ${base} broke off its answer: ${(error as Error).message}`);
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: a refusal without its code (below); a 2xx that is not JSON is not the platform's answer.
      if (response.ok) throw new PlatformUnreachable(`platform at ${base} answered ${response.status} with no JSON`);
    }
    if (!response.ok) {
      const refusal = errorAnswer.safeParse(json);
      throw new PlatformRefusal(
        response.status,
        refusal.success ? refusal.data.code : ErrorCode.InvalidRequest,
        refusal.success ? refusal.data.ErrorMessage : `HTTP ${response.status}`,
        refusal.success ? refusal.data.Params : undefined,
      );
    }
    return schema ? schema.parse(json) : (json as T);
  }
}
