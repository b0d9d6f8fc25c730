import {
  ErrorCode,
  errorMessages,
  type GameButton,
  type GameState as GameStateDto,
  type InfoPush,
  type MachineStatus,
  type SessionEndReason,
  type SessionState,
} from '@reelcast/protocol';
import { MachineGame, type GameEvent, type GameResult, type Settlement } from '../engine/index.ts';
import type { CabinetViewState } from '../video/index.ts';
import { trace } from '../video/latency-trace.ts';
import { engineRefusal } from './engine-refusals.ts';
import { IdleCountdown, type IdleTiming } from './idle-countdown.ts';
import { cabinetView, gameStateDto } from './machine-views.ts';
import { readMachineState, writeMachineState } from './machine-state-file.ts';
import { PlatformRefusal, type PlatformClient } from './platform-client.ts';
import { PlayCountersReporter } from './play-counters-reporter.ts';
import { TransferJournal, type JournalState, type PendingCashOut, type PendingClose } from './transfer-journal.ts';

/** Where the host sends what the seated player must hear. The game socket implements it. */
export interface SeatChannel {
  emit(socketId: string, event: string, payload: unknown): void;
  /** Closes a game socket, after telling it why. */
  drop(socketId: string, info: InfoPush): void;
  /** Whether the game socket is still open. */
  connected(socketId: string): boolean;
}

export interface HostTiming extends IdleTiming {
  /** A dropped player keeps the seat this long, then the credit is cashed out (docs/game-socket.md). */
  reconnectGraceMs: number;
  /** How long the reels spin on the video (the renderer's last reel stop). */
  spinAnimationMs: number;
  /** How long a seat's end waits for its play counters to reach the platform (docs/jackpots.md). */
  countersFlushMs: number;
  /**
   * How long a video request whose token holds no seat waits for a seat request with that token to
   * arrive (the portal sends both at once, and either may come first), before it is refused.
   */
  videoWaitsForJoinMs: number;
}

export const defaultTiming: HostTiming = {
  reconnectGraceMs: 60_000,
  idleNoCreditMs: 60_000,
  idleWithCreditMs: 300_000,
  warningCount: 10,
  spinAnimationMs: 1_500,
  countersFlushMs: 5_000,
  videoWaitsForJoinMs: 1_500,
};

interface Seat {
  playerId: number;
  name: string;
  sessionId: string;
  socketId: string | null;
  /** The sign-in session (token jti) the connected socket joined with. */
  socketAuthSession: string | null;
  /** Tokens the player joined with, each with its sign-in session: the video (WHEP) accepts these. */
  tokens: Map<string, string>;
  /** Engine counters at sit-down, so the session's figures are its own. */
  base: { spins: number; totalBet: number; totalWon: number };
  lastActivity: number;
}

export type Ack = { ok: true; [key: string]: unknown } | { ok: false; code: number; ErrorMessage: string };

const refusal = (code: number, message?: string): Ack => ({
  ok: false,
  code,
  ErrorMessage: message ?? errorMessages[code as keyof typeof errorMessages] ?? 'Refused.',
});

/** What the host asks of the platform's machine API (the PlatformClient; tests pass a fake). */
export type HostPlatform = Pick<
  PlatformClient,
  | 'reportStatus'
  | 'seat'
  | 'sessionBalance'
  | 'closeSession'
  | 'reserveCashIn'
  | 'postCashIn'
  | 'voidCashIn'
  | 'cashOut'
  | 'settle'
  | 'reportPlayCounters'
>;

export interface MachineHostOptions {
  id: number;
  name: string;
  game: MachineGame;
  platform: HostPlatform;
  channel: SeatChannel;
  timing?: Partial<HostTiming>;
  /** Where the machine keeps its state across restarts (credit, seat, pending money). */
  stateFile?: string;
  clock?: () => number;
  /**
   * How the cabinet looks changed: on every change (`changed`: draw a frame at once), and once more
   * when the reels stop by themselves (the win shows).
   */
  onViewChanged?: (view: CabinetViewState, changed: boolean) => void;
  /** The seated player's seat ended (cash-out, close, grace over): their video must end too. */
  onSeatEnded?: () => void;
  /** These sign-in sessions ended: the video opened with their tokens must end. */
  onSignInsEnded?: (authSessionIds: readonly string[]) => void;
  log?: (message: string, detail?: unknown) => void;
}

/**
 * One machine as its agent runs it: the game, the seated player, the money that moves between the
 * wallet and the meter, and the timers of SPEC §4 (warnings, reconnect grace, autoplay).
 * Operations run one at a time (a queue), so a transfer and a spin never interleave.
 */
export class MachineHost {
  readonly id: number;
  readonly name: string;
  readonly #game: MachineGame;
  readonly #platform: HostPlatform;
  readonly #channel: SeatChannel;
  readonly #timing: HostTiming;
  readonly #stateFile: string | undefined;
  readonly #now: () => number;
  readonly #onViewChanged: (view: CabinetViewState, changed: boolean) => void;
  readonly #onSeatEnded: () => void;
  readonly #onSignInsEnded: (authSessionIds: readonly string[]) => void;
  readonly #log: (message: string, detail?: unknown) => void;
  #seat: Seat | null = null;
  /**
   * The money in flight and the closes owed: each change saved with the meter it goes with, so a
   * restart or a retry never applies a cash-in twice. Credit is on the meter only while its cash-in is
   * posted or being posted.
   */
  readonly #journal: TransferJournal;
  /** The engine's counters to the platform, for the brand jackpots: after spins, never on their path. */
  readonly #counters: PlayCountersReporter;
  /** The counters last handed to the reporter. */
  #countersNoted: { spins: number; totalBet: number; sessionId: string | null } | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  /** Joins under way by the token they came with (viewerOfAfterJoin). */
  readonly #joining = new Map<string, Promise<Ack>>();
  /** Video requests waiting for a join with their token to arrive (viewerOfAfterJoin). */
  readonly #joinWaiters = new Map<string, Set<() => void>>();
  #statusReports: Promise<unknown> = Promise.resolve();
  #graceTimer: NodeJS.Timeout | null = null;
  #recoveryTimer: NodeJS.Timeout | null = null;
  /** A recovery pass is running: it reschedules itself at its end if anything is still owed. */
  #recovering = false;
  #spinEndTimer: NodeJS.Timeout | null = null;
  #autoplayTimer: NodeJS.Timeout | null = null;
  #idleTicker: NodeJS.Timeout | null = null;
  readonly #idle: IdleCountdown;
  #closed = false;

  constructor(options: MachineHostOptions & { journal?: JournalState }) {
    this.id = options.id;
    this.name = options.name;
    this.#game = options.game;
    this.#platform = options.platform;
    this.#channel = options.channel;
    this.#timing = { ...defaultTiming, ...options.timing };
    this.#stateFile = options.stateFile;
    this.#now = options.clock ?? Date.now;
    this.#onViewChanged = options.onViewChanged ?? (() => {});
    this.#onSeatEnded = options.onSeatEnded ?? (() => {});
    this.#onSignInsEnded = options.onSignInsEnded ?? (() => {});
    this.#log = options.log ?? (() => {});
    this.#idle = new IdleCountdown(this.#timing);
    this.#journal = new TransferJournal(() => this.#persist(), options.journal);
    this.#counters = new PlayCountersReporter({
      send: (report) => this.#platform.reportPlayCounters(this.id, report),
      log: (message, detail) => this.#log(message, detail),
    });
  }

  /** Loads the persisted state (after a restart) or creates the machine fresh. */
  static load(options: Omit<MachineHostOptions, 'game'> & { newGame: () => MachineGame }): MachineHost {
    const saved = options.stateFile ? readMachineState(options.stateFile) : null;
    const host = new MachineHost({
      ...options,
      game: saved ? MachineGame.restore(saved.game) : options.newGame(),
      journal: saved ?? undefined,
    });
    if (saved?.seat) {
      // A token saved without its sign-in session could never be re-checked: that player joins again.
      const tokens = saved.seat.tokens.filter((t): t is [string, string] => Array.isArray(t) && t.length === 2);
      host.#seat = { ...saved.seat, tokens: new Map(tokens), socketId: null, socketAuthSession: null };
    }
    return host;
  }

  /**
   * After a (re)start, before any player can reach the machine: announce it, finish the money and
   * sessions left in flight, give a seated player their grace period.
   */
  async start(endpoints: { address: string | null; video: string | null }): Promise<void> {
    await this.#platform.reportStatus(this.id, { status: this.#platformStatus(), address: endpoints.address, video: endpoints.video });
    await this.#recover();
    if (this.#seat) this.#startGrace();
    // Counters played before a restart and never reported go now (the engine's snapshot kept them).
    this.#noteCounters(true);
  }

  /** Everything the machine owes the platform; what still fails is tried again every 5 s. */
  async #recover(): Promise<void> {
    this.#recovering = true;
    try {
      const owed = this.#journal.owed();
      for (const pending of owed.cashOuts) await this.#confirmCashOut(pending).catch(() => {});
      for (const transferId of owed.applied) await this.#serial(() => this.#post(transferId));
      for (const transferId of owed.unsettled) await this.#serial(() => this.#settleCashIn(transferId));
      for (const close of owed.closes) await this.#confirmClose(close).catch(() => {});
      for (const settlement of this.#game.state.lock?.pending ?? []) await this.#settle(settlement, false);
    } finally {
      this.#recovering = false;
    }
    if (this.#journal.owedCount > 0 || this.#game.state.lock) this.#scheduleRecovery();
  }

  /** One timer for everything still owed to the platform (idempotent calls: repeating is harmless). */
  #scheduleRecovery(): void {
    // During a pass, failures need no timer of their own: the pass counts what is owed at its end.
    if (this.#recoveryTimer || this.#closed || this.#recovering) return;
    this.#recoveryTimer = setTimeout(() => {
      this.#recoveryTimer = null;
      void this.#recover();
    }, 5_000);
    this.#recoveryTimer.unref();
  }

  /** Waits (at most `timeoutMs`) until the counters noted so far reached the platform; true if they did. */
  flushCounters(timeoutMs: number): Promise<boolean> {
    return this.#counters.flush(timeoutMs);
  }

  stop(): void {
    this.#closed = true;
    this.#counters.stop();
    for (const timer of [this.#graceTimer, this.#autoplayTimer, this.#idleTicker, this.#recoveryTimer, this.#spinEndTimer])
      if (timer) clearTimeout(timer);
  }

  get seatedPlayerId(): number | null {
    return this.#seat?.playerId ?? null;
  }

  /** The seated player's socket, if connected. */
  get seatSocketId(): string | null {
    return this.#seat?.socketId ?? null;
  }

  /** Video: only the seated player, with a token they joined with, may watch. */
  mayWatch(token: string | null): boolean {
    return this.viewerOf(token) !== null;
  }

  /** The sign-in session of a token the seated player joined with (their video is tagged with it), else null. */
  viewerOf(token: string | null): string | null {
    return (token && this.#seat?.tokens.get(token)) || null;
  }

  /** The player seated through this socket, if it is the seat's. */
  playerOf(socketId: string): number | null {
    return this.#seatOf(socketId)?.playerId ?? null;
  }

  /** The sign-in sessions whose tokens open the seat (the agent re-checks them with the platform). */
  authSessionIds(): string[] {
    return [...new Set(this.#seat?.tokens.values() ?? [])];
  }

  /**
   * These sign-in sessions ended (logout, password change, ban, expiry; docs/game-socket.md "Signed
   * out"): their tokens no longer open the seat or the video, their video closes, and a socket that
   * joined with one is signed out (QUIT_REQUEST). The seat stays for the reconnect grace, as for a
   * dropped player; `cashOut` (a ban) cashes it out to the wallet at once.
   */
  revoke(authSessionIds: readonly string[], options: { cashOut?: boolean } = {}): Promise<Ack> {
    const ended = new Set(authSessionIds);
    this.#endSignIns(ended);
    return this.#serial(async () => {
      // Again behind the queue: a join already waiting for the platform may have added a token since.
      this.#endSignIns(ended);
      if (!options.cashOut || !this.#seat) return { ok: true, amount: 0 };
      if (this.#seat.socketId) this.#signOut(this.#seat.socketId);
      return this.#cashOut('kicked', true);
    });
  }

  #endSignIns(ended: ReadonlySet<string>): void {
    const seat = this.#seat;
    if (!seat || !ended.size) return;
    let removed = false;
    for (const [token, authSessionId] of seat.tokens) {
      if (!ended.has(authSessionId)) continue;
      seat.tokens.delete(token);
      removed = true;
    }
    this.#onSignInsEnded([...ended]);
    if (seat.socketId && seat.socketAuthSession && ended.has(seat.socketAuthSession)) this.#signOut(seat.socketId);
    if (removed) this.#persist();
  }

  #signOut(socketId: string): void {
    this.#channel.drop(socketId, { type: 'QUIT_REQUEST', message: 'You were signed out.' });
    void this.disconnected(socketId);
  }

  state(): GameStateDto {
    return gameStateDto(this.id, this.#game.state);
  }

  /** What the frame renderer draws. */
  view(): CabinetViewState {
    return cabinetView(this.name, this.#game.state, this.#now(), this.#timing.spinAnimationMs);
  }

  /** `init {id}`: who holds the machine, `mine` when `token` (the asking socket's handshake) joined the seat. */
  look(token: string | null): SessionState {
    return {
      id: this.id,
      name: this.name,
      status: this.#game.state.status,
      occupied: this.#seat !== null,
      mine: this.mayWatch(token),
    };
  }

  /**
   * The sign-in session of `token` as viewerOf answers it, once a join with that token that is under
   * way has been answered: the portal asks for the video while its seat request is still with the
   * platform, and the seat's answer still decides who may watch (docs/video.md).
   */
  async viewerOfAfterJoin(token: string | null): Promise<string | null> {
    if (token && !this.#joining.has(token) && this.viewerOf(token) === null) await this.#joinArrives(token);
    const joining = token ? this.#joining.get(token) : undefined;
    if (joining) await joining.catch(() => {});
    return this.viewerOf(token);
  }

  /**
   * Resolves when a join with `token` starts, or after `videoWaitsForJoinMs`: the video request may
   * arrive before the seat request it was sent with (they travel apart), and is not refused for that.
   */
  #joinArrives(token: string): Promise<void> {
    return new Promise((resolve) => {
      const waiters = this.#joinWaiters.get(token) ?? new Set<() => void>();
      const arrived = () => {
        clearTimeout(timer);
        waiters.delete(arrived);
        if (waiters.size === 0 && this.#joinWaiters.get(token) === waiters) this.#joinWaiters.delete(token);
        resolve();
      };
      const timer = setTimeout(arrived, this.#timing.videoWaitsForJoinMs);
      waiters.add(arrived);
      this.#joinWaiters.set(token, waiters);
    });
  }

  /** A player sits down (init {machineID, token}); `ip` is their address, for the platform's IP check. */
  join(socketId: string, token: string, ip?: string): Promise<Ack> {
    trace.mark('join-received', this.id);
    const joined = this.#serial(() => this.#join(socketId, token, ip));
    this.#joining.set(token, joined);
    for (const arrived of [...(this.#joinWaiters.get(token) ?? [])]) arrived();
    const settled = () => {
      trace.mark('join-done', this.id);
      if (this.#joining.get(token) === joined) this.#joining.delete(token);
    };
    joined.then(settled, settled);
    return joined;
  }

  async #join(socketId: string, token: string, ip?: string): Promise<Ack> {
    let seat;
    try {
      seat = await this.#platform.seat(this.id, token, ip);
    } catch (error) {
      return this.#refusalOf(error);
    }
    const previous = this.#seat;
    if (previous && previous.playerId !== seat.playerId) return refusal(ErrorCode.MachineBusy);
    // The socket may have closed while the platform answered (the player left the game page at once):
    // the seat is the player's all the same, played by their other device if one is connected, else
    // without a socket, in its reconnect grace, as a dropped player's. Never bound to a closed socket,
    // which nothing would ever disconnect: the machine would stay taken until the idle countdown.
    const open = this.#channel.connected(socketId);
    const kept = open ? null : previous;
    if (open && previous?.socketId && previous.socketId !== socketId) {
      // The same player on another device takes the seat over; the first device is told why.
      this.#channel.drop(previous.socketId, { type: 'QUIT_REQUEST', message: 'The game was opened on another device.' });
    }
    const counters = this.#game.state;
    this.#seat = {
      playerId: seat.playerId,
      name: seat.name,
      sessionId: seat.sessionId,
      socketId: open ? socketId : (kept?.socketId ?? null),
      socketAuthSession: open ? seat.authSessionId : (kept?.socketAuthSession ?? null),
      tokens: new Map([...(previous?.sessionId === seat.sessionId ? previous.tokens : []), [token, seat.authSessionId]]),
      base:
        previous?.sessionId === seat.sessionId
          ? previous.base
          : { spins: counters.spins, totalBet: counters.totalBet, totalWon: counters.totalWon },
      lastActivity: this.#now(),
    };
    if (this.#seat.socketId) {
      this.#cancelGrace();
      this.#moveGame('playing');
      this.#watchIdle();
    } else {
      // As a seat whose socket dropped: a machine sits down (playing), then waits for its player.
      if (this.#game.state.status !== 'waiting') this.#moveGame('playing');
      this.#moveGame('waiting');
      if (!this.#graceTimer) this.#startGrace();
    }
    this.#persist();
    this.#changed();
    return { ok: true, sessionId: seat.sessionId, resumed: seat.resumed, balance: seat.balance, state: this.state() };
  }

  press(socketId: string, button: GameButton): Promise<Ack> {
    return this.#serial(async () => {
      const seat = this.#seatOf(socketId);
      if (!seat) return refusal(ErrorCode.SessionTerminated);
      seat.lastActivity = this.#now();
      if (button === 'COLLECT') return this.#cashOut('cashout', false);
      return this.#pressNow(button);
    });
  }

  /** The player says they are there (`present`, the portal's idle prompt): the idle countdown starts over. */
  present(socketId: string): Ack {
    const seat = this.#seatOf(socketId);
    if (!seat) return refusal(ErrorCode.SessionTerminated);
    seat.lastActivity = this.#now();
    return { ok: true };
  }

  /** Money from the wallet onto the meter: reserve → apply → post, or void (docs/game-socket.md). */
  transfer(socketId: string, amount: number, clientTransferId: string): Promise<Ack> {
    return this.#serial(async () => {
      const seat = this.#seatOf(socketId);
      if (!seat) return refusal(ErrorCode.SessionTerminated);
      seat.lastActivity = this.#now();
      const transferId = `m${this.id}-p${seat.playerId}-${clientTransferId}`;
      if (this.#journal.unsettled(transferId)) await this.#settleCashIn(transferId);
      const done = this.#journal.completed(transferId);
      if (done) return { ok: true, transferId: clientTransferId, ...done };
      if (this.#journal.unsettled(transferId)) return this.#refusalOf(new Error('the platform cannot be reached'));

      let reserved;
      try {
        reserved = await this.#platform.reserveCashIn(transferId, seat.sessionId, amount);
      } catch (error) {
        return this.#refusalOf(error);
      }
      if (reserved.status === 'voided') return refusal(ErrorCode.TransferResolved);
      // A repeat after a restart finds the credit already on the meter (or already posted): apply once.
      if (reserved.status === 'reserved' && this.#journal.appliedAmount(transferId) === undefined) {
        const applied = this.#game.addCredit(amount);
        if (!applied.ok) {
          await this.#platform.voidCashIn(transferId).catch((error) => this.#log('void failed; the platform voids at the deadline', error));
          return engineRefusal(applied);
        }
        this.#journal.applied(transferId, amount);
      }
      const posted = await this.#post(transferId);
      if (!posted.ok) return posted;
      this.#channel.emit(socketId, 'balance', { balance: posted.balance });
      return { ok: true, transferId: clientTransferId, credit: posted.credit, balance: posted.balance };
    });
  }

  /**
   * Phase two of a cash-in whose credit is on the meter: post it. If that fails the credit leaves the
   * meter at once (it may not be played while the platform might void it): voided, the money is back in
   * the wallet; unknown, the cash-in waits in `unsettled` until the platform says which it was.
   */
  async #post(transferId: string): Promise<{ ok: true; credit: number; balance: number } | Extract<Ack, { ok: false }>> {
    let balance: number;
    try {
      balance = (await this.#platform.postCashIn(transferId)).balance;
    } catch (error) {
      this.#takeBack(this.#journal.appliedAmount(transferId) ?? 0);
      const voided = error instanceof PlatformRefusal && error.code === ErrorCode.TransferResolved;
      this.#journal.postFailed(transferId, voided ? { voided } : { voided, sessionId: this.#seat?.sessionId ?? '' });
      if (!voided) this.#scheduleRecovery();
      this.#changed();
      return this.#refusalOf(error) as Extract<Ack, { ok: false }>;
    }
    const result = { credit: this.#game.state.credit, balance };
    this.#journal.posted(transferId, result);
    this.#changed();
    return { ok: true, ...result };
  }

  /**
   * A cash-in whose post failed: void it (the money returns to the wallet, as the player was told);
   * if the platform had posted it after all, the credit goes back on the meter.
   */
  async #settleCashIn(transferId: string): Promise<void> {
    const unsettled = this.#journal.unsettled(transferId);
    if (!unsettled) return;
    try {
      await this.#platform.voidCashIn(transferId);
      this.#journal.settledVoided(transferId);
    } catch (error) {
      if (!(error instanceof PlatformRefusal && error.code === ErrorCode.TransferResolved)) return;
      const posted = await this.#platform.postCashIn(transferId).catch(() => null);
      if (!posted) return;
      if (this.#seat && this.#seat.sessionId === unsettled.sessionId) {
        this.#game.addCredit(unsettled.amount);
        this.#journal.settledPosted(transferId, { credit: this.#game.state.credit, balance: posted.balance });
      } else {
        // The seat it was meant for has ended: the money goes back to that player's wallet, never to the meter.
        const back = this.#journal.settledReturned(transferId);
        if (back) await this.#confirmCashOut(back).catch(() => this.#scheduleRecovery());
      }
    }
    this.#changed();
  }

  /** Takes a failed cash-in off the meter; it has been on it only inside this queue, so it is all there. */
  #takeBack(amount: number): void {
    if (amount > 0 && !this.#game.removeCredit(amount).ok) this.#log(`could not take ${amount} back off the meter`);
  }

  /** Cash out everything and end the seat (the `cashout {}` message, CLOSE_SESSION, grace expiry). */
  cashout(socketId: string | null, reason: SessionEndReason = 'cashout'): Promise<Ack> {
    return this.#serial(async () => {
      if (socketId !== null && !this.#seatOf(socketId)) return refusal(ErrorCode.SessionTerminated);
      return this.#cashOut(reason, true);
    });
  }

  /**
   * The player leaves on purpose (`leave {}`, the portal's Leave; docs/reconnect.md "Leaving"): a seat
   * with nothing on the meter ends at once (reason `left`) and the wallet's balance is told; with credit,
   * or a hand pay or jackpot waiting to be paid, the seat keeps the reconnect grace, as for a lost
   * connection, and no money moves that the player did not ask to move.
   */
  leave(socketId: string): Promise<Ack> {
    return this.#serial(async () => {
      if (!this.#seatOf(socketId)) return refusal(ErrorCode.SessionTerminated);
      const { credit, lock } = this.#game.state;
      if (credit > 0 || lock) return { ok: true, ended: false };
      const ended = await this.#cashOut('left', true);
      return ended.ok ? { ...ended, ended: true } : ended;
    });
  }

  /** The seated player's socket went away: keep the seat for the grace period (settled once the seat waits). */
  disconnected(socketId: string): Promise<void> {
    if (this.#seat?.socketId !== socketId) return Promise.resolve();
    this.#seat.socketId = null;
    this.#seat.socketAuthSession = null;
    this.#stopAutoplayTimer();
    return this.#serial(() => {
      if (this.#seat && this.#seat.socketId === null) {
        if (this.#game.state.autoplay) this.#pressNow('AUTOPLAY');
        this.#moveGame('waiting');
        this.#persist();
        this.#changed();
        this.#startGrace();
      }
    });
  }

  /**
   * POST /player/kick: the seated player's other device is removed; the seat stays theirs. Answered once
   * the seat waits for its player, behind whatever the machine was doing, so a look right after (the
   * reconnect dialog's `init {id}`) sees `waiting`.
   */
  async kick(playerId: number): Promise<boolean> {
    const seat = this.#seat;
    if (!seat || seat.playerId !== playerId || !seat.socketId) return false;
    this.#channel.drop(seat.socketId, { type: 'QUIT_REQUEST', message: 'You were removed from the game.' });
    await this.disconnected(seat.socketId);
    return true;
  }

  #pressNow(button: GameButton): Ack {
    trace.mark('queue-start', this.id, { button });
    const result = this.#game.press(button, this.#now());
    if (!result.ok) return engineRefusal(result);
    trace.mark('engine-done', this.id, { button });
    this.#afterGame(result);
    return { ok: true, state: this.state() };
  }

  /**
   * After the engine played a press. The picture goes first: the video process starts drawing the press
   * while the state file is written (fsync, several ms). It is only a picture: what anyone can count on
   * (the answer, the state push, the counters for the platform, the next autoplay spin) leaves once the
   * file is written, so an agent killed in between restarts with the credit from before the press, which
   * nobody was told had changed (docs/crash-test.md).
   */
  #afterGame(result: Extract<GameResult, { ok: true }>): void {
    for (const event of result.events) this.#onGameEvent(event);
    this.#onViewChanged(this.view(), true);
    this.#persist();
    trace.mark('persisted', this.id);
    this.#noteCounters();
    this.#changed(false);
    this.#scheduleAutoplay();
  }

  /**
   * Hands the engine's counters, with the seat that played them, to the reporter when they changed
   * (saved first: the platform never hears of a spin the state file could lose).
   */
  #noteCounters(always = false): void {
    const { spins, totalBet } = this.#game.state;
    const sessionId = this.#seat?.sessionId ?? null;
    const noted = this.#countersNoted;
    if (!always && noted && noted.spins === spins && noted.totalBet === totalBet && noted.sessionId === sessionId) return;
    if (!always && !noted && spins === 0) return;
    this.#countersNoted = { spins, totalBet, sessionId };
    this.#counters.update({ spins, totalBet, sessionId });
  }

  #onGameEvent(event: GameEvent): void {
    if (event.type === 'settlement') void this.#settle(event.settlement);
    if (event.type === 'status') this.#reportStatus(event.to);
  }

  /**
   * Status reports reach the platform in the order the machine changed: one at a time. Sent side by
   * side, a slow 'playing' (the join) could land after the 'waiting' of a disconnect that followed it,
   * and the lobby would show the machine in play for good.
   */
  #reportStatus(status: MachineStatus): void {
    this.#statusReports = this.#statusReports
      .then(() => this.#platform.reportStatus(this.id, { status }))
      .catch((error) => this.#log('status report failed', error));
  }

  /** A hand pay or jackpot: paid into the wallet through the ledger, once; then the machine unlocks. */
  async #settle(settlement: Settlement, announce = true): Promise<void> {
    const seat = this.#seat;
    if (!seat) return;
    const kind = settlement.kind === 'JACKPOT' ? 'JACKPOT' : 'HAND_PAY';
    if (announce && seat.socketId) this.#channel.emit(seat.socketId, 'info', { type: kind, amount: settlement.amount });
    try {
      const paid = await this.#platform.settle({
        settlementId: `m${this.id}-${settlement.settlementId}`,
        sessionId: seat.sessionId,
        kind,
        amount: settlement.amount,
      });
      await this.#serial(() => {
        const released = this.#game.settle(settlement.settlementId);
        if (released.ok) this.#afterGame(released);
        if (this.#seat?.socketId) this.#channel.emit(this.#seat.socketId, 'balance', { balance: paid.balance });
      });
    } catch (error) {
      // Locked until it is paid: tried again every 5 s and at the next start; the id keeps it exactly-once.
      this.#log(`settlement ${settlement.settlementId} failed; the machine stays locked and tries again`, error);
      this.#scheduleRecovery();
    }
  }

  async #cashOut(reason: SessionEndReason, endSeat: boolean): Promise<Ack> {
    const seat = this.#seat;
    if (!seat) return { ok: true, amount: 0, balance: 0 };
    this.#stopAutoplayTimer();
    let amount = 0;
    let balance: number | null = null;
    if (this.#game.state.credit > 0) {
      const collected = this.#game.collect();
      if (!collected.ok) return engineRefusal(collected);
      amount = collected.amount;
      const pending = this.#journal.cashOutTaken(this.id, seat.sessionId, amount);
      balance = await this.#confirmCashOut(pending).catch((error) => {
        this.#log('cash-out not confirmed yet; retried in the background', error);
        this.#scheduleRecovery();
        return null;
      });
    } else if (seat.socketId) {
      // Nothing on the meter: the player's answer still tells the wallet's balance, as the platform has
      // it now (no one to tell when the seat ends without its socket: grace over, a ban).
      balance = await this.#platform.sessionBalance(seat.sessionId).catch((error) => {
        this.#log('the wallet balance could not be read for a cash-out with no credit', error);
        return null;
      });
    }
    if (endSeat) {
      // The seat's spins reach the platform while its session is open, so a jackpot they make is the seat's.
      this.#noteCounters();
      if (!(await this.#counters.flush(this.#timing.countersFlushMs)))
        this.#log('play counters not reported before the seat ended; sent later');
      const figures = this.#figures(seat);
      this.#seat = null;
      this.#onSeatEnded();
      this.#idle.reset();
      this.#cancelGrace();
      this.#moveGame('idle');
      const close = { sessionId: seat.sessionId, figures: { reason, ...figures } };
      this.#journal.closeQueued(close);
      await this.#confirmClose(close).catch((error) => {
        this.#log('closing the session failed; tried again every 5 s', error);
        this.#scheduleRecovery();
      });
    } else {
      this.#moveGame('playing');
      this.#persist();
    }
    this.#changed();
    if (seat.socketId && balance !== null) this.#channel.emit(seat.socketId, 'balance', { balance });
    return { ok: true, amount, ...(balance === null ? {} : { balance }), state: this.state() };
  }

  async #confirmCashOut(pending: PendingCashOut): Promise<number> {
    const answer = await this.#platform.cashOut(pending.transferId, pending.sessionId, pending.amount);
    this.#journal.cashOutConfirmed(pending.transferId);
    return answer.balance;
  }

  async #confirmClose(close: PendingClose): Promise<void> {
    await this.#platform.closeSession(close.sessionId, close.figures);
    this.#journal.closeConfirmed(close.sessionId);
  }

  #figures(seat: Seat) {
    const s = this.#game.state;
    return { spins: s.spins - seat.base.spins, totalBet: s.totalBet - seat.base.totalBet, totalWon: s.totalWon - seat.base.totalWon };
  }

  #startGrace(): void {
    this.#cancelGrace();
    this.#graceTimer = setTimeout(() => {
      if (this.#seat && !this.#seat.socketId) void this.cashout(null, 'timeout');
    }, this.#timing.reconnectGraceMs);
    this.#graceTimer.unref();
  }

  #cancelGrace(): void {
    if (this.#graceTimer) clearTimeout(this.#graceTimer);
    this.#graceTimer = null;
  }

  /** SPEC §4 session ending: inactivity starts a countdown from 10, then CLOSE_SESSION. */
  #watchIdle(): void {
    if (this.#idleTicker) return;
    this.#idleTicker = setInterval(() => this.#idleTick(), 1_000);
    this.#idleTicker.unref();
  }

  #idleTick(): void {
    const seat = this.#seat;
    const socketId = seat?.socketId;
    const s = this.#game.state;
    const step = this.#idle.step(
      seat && socketId ? { idleForMs: this.#now() - seat.lastActivity, credit: s.credit, busy: s.autoplay || s.lock !== null } : null,
    );
    if (!seat || !socketId) return;
    switch (step.do) {
      case 'nothing':
        return;
      case 'keep-alive':
        seat.lastActivity = this.#now();
        return;
      case 'warn':
        this.#channel.emit(socketId, 'info', { type: 'SESSION_CLOSE_WARNING', code: step.code, count: step.count });
        return;
      case 'close':
        // The player hears it at once; the cash-out and the session close follow on the server.
        this.#channel.drop(socketId, { type: 'CLOSE_SESSION', code: ErrorCode.SessionClosing });
        void this.cashout(null, 'closed');
    }
  }

  #scheduleAutoplay(): void {
    this.#stopAutoplayTimer();
    const s = this.#game.state;
    if (!s.autoplay || s.nextAutoSpinAt === null || !this.#seat?.socketId) return;
    this.#autoplayTimer = setTimeout(
      () => {
        void this.#serial(() => {
          const seat = this.#seat;
          if (!seat?.socketId || !this.#game.state.autoplay) return;
          const ack = this.#pressNow('SPIN');
          if (ack.ok) this.#channel.emit(seat.socketId, 'state', this.state());
        });
      },
      Math.max(0, s.nextAutoSpinAt - this.#now()),
    );
    this.#autoplayTimer.unref();
  }

  #stopAutoplayTimer(): void {
    if (this.#autoplayTimer) clearTimeout(this.#autoplayTimer);
    this.#autoplayTimer = null;
  }

  #moveGame(to: MachineStatus): void {
    if (this.#game.state.status === to) return;
    const result = this.#game.setStatus(to);
    if (result.ok) for (const event of result.events) this.#onGameEvent(event);
  }

  #platformStatus(): MachineStatus {
    return this.#game.state.status;
  }

  #seatOf(socketId: string): Seat | null {
    return this.#seat && this.#seat.socketId === socketId ? this.#seat : null;
  }

  /** Tells the video process (unless `view` is false: it was told already) and the seated player's socket. */
  #changed(view = true): void {
    if (view) this.#onViewChanged(this.view(), true);
    this.#watchSpinEnd();
    const socketId = this.#seat?.socketId;
    if (socketId) this.#channel.emit(socketId, 'state', this.state());
  }

  /** view() says `spinning` until spinAnimationMs after the press: tell the view's watcher when that ends. */
  #watchSpinEnd(): void {
    if (this.#spinEndTimer) clearTimeout(this.#spinEndTimer);
    this.#spinEndTimer = null;
    const spunAt = this.#game.state.lastSpinAt;
    const left = spunAt === null ? 0 : spunAt + this.#timing.spinAnimationMs - this.#now();
    if (left <= 0 || this.#closed) return;
    this.#spinEndTimer = setTimeout(() => {
      this.#spinEndTimer = null;
      this.#onViewChanged(this.view(), false);
    }, left + 1);
    this.#spinEndTimer.unref();
  }

  #refusalOf(error: unknown): Ack {
    if (error instanceof PlatformRefusal) return refusal(error.code, error.message);
    this.#log('platform call failed', error);
    return refusal(ErrorCode.InternalError, 'The machine cannot reach the platform; nothing was changed.');
  }

  #persist(): void {
    if (!this.#stateFile) return;
    const seat = this.#seat;
    writeMachineState(this.#stateFile, {
      game: this.#game.snapshot(),
      seat: seat
        ? {
            playerId: seat.playerId,
            name: seat.name,
            sessionId: seat.sessionId,
            tokens: [...seat.tokens],
            base: seat.base,
            lastActivity: seat.lastActivity,
          }
        : null,
      ...this.#journal.toState(),
    });
  }

  #serial<T>(work: () => T | Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => {});
    return run;
  }
}
