import {
  ErrorCode,
  type GameButton,
  type GameState as GameStateDto,
  type InfoPush,
  type MachineStatus,
  type SeatAnswer,
  type SeatProtection,
  type SessionEndReason,
  type SessionState,
  ProtectionCode,
} from '@reelcast/protocol';
import type { Cabinet, CabinetPortEvent, CabinetVideo } from '../cabinet/cabinet.ts';
import type { Scheduler } from '../cabinet/sas/scheduler.ts';
import type { CabinetViewState } from '../video/index.ts';
import { trace } from '../video/latency-trace.ts';
import { platformRefusal, refusal, type Ack } from './ack.ts';
import { engineRefusal } from './engine-refusals.ts';
import { hostScheduler, HostTimers } from './host-timers.ts';
import { IdleCountdown, type IdleTiming } from './idle-countdown.ts';
import { PlayLimitWatch } from './play-limits.ts';
import { cabinetView, gameStateDto } from './machine-views.ts';
import { readMachineState, writeMachineState } from './machine-state-file.ts';
import { PlatformUnreachable, type PlatformClient } from './platform-client.ts';
import { PlayCountersReporter } from './play-counters-reporter.ts';
import { RECOVERY_EVERY_MS, SeatMoney, type MoneyPlatform } from './seat-money.ts';
import { TransferJournal, type JournalState } from './transfer-journal.ts';
import { ViewerRights } from './viewer-rights.ts';

export type { Ack } from './ack.ts';

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
  /** Cabinet counters at sit-down, so the session's figures are its own. */
  base: { spins: number; totalBet: number; totalWon: number };
  lastActivity: number;
  /** The player's own limits and reality check (docs/player-protection.md); null from a platform without them. */
  limits: PlayLimitWatch | null;
}

/** What the host asks of the platform's machine API (the PlatformClient; tests pass a fake). */
export type HostPlatform = Pick<PlatformClient, 'reportStatus' | 'seat' | 'reportPlayCounters'> & MoneyPlatform;

export interface MachineHostOptions {
  id: number;
  name: string;
  /** The cabinet the seat plays (docs/cabinets.md "The Cabinet port"): emulated or real, the host does not know. */
  cabinet: Cabinet;
  platform: HostPlatform;
  channel: SeatChannel;
  timing?: Partial<HostTiming>;
  /** Where the machine keeps its state across restarts (credit, seat, pending money). */
  stateFile?: string;
  /** The host's time and timers (default: the wall clock; tests pass fake time). */
  scheduler?: Scheduler;
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

type TimerName = 'grace' | 'spin-end' | 'autoplay' | 'idle-tick' | 'seat-claim' | 'status';

/**
 * One machine as its agent runs it: the seat's actor. Joins, presses, transfers and leaves run one at
 * a time (a queue), so a transfer and a spin never interleave; the cabinet behind the port plays them,
 * the money unit moves the credit between its meter and the ledger, the viewer rights decide who may
 * watch, and the timers of SPEC §4 (warnings, reconnect grace, autoplay) run on the host's scheduler.
 */
export class MachineHost {
  readonly id: number;
  readonly name: string;
  readonly #cabinet: Cabinet;
  readonly #platform: HostPlatform;
  readonly #channel: SeatChannel;
  readonly #timing: HostTiming;
  readonly #stateFile: string | undefined;
  readonly #timers: HostTimers<TimerName>;
  readonly #onViewChanged: (view: CabinetViewState, changed: boolean) => void;
  readonly #onSeatEnded: () => void;
  readonly #onSignInsEnded: (authSessionIds: readonly string[]) => void;
  readonly #log: (message: string, detail?: unknown) => void;
  #seat: Seat | null = null;
  readonly #viewers: ViewerRights;
  /**
   * The money in flight and the closes owed: each change saved with the meter it goes with, so a
   * restart or a retry never applies a cash-in twice. Credit is on the meter only while its cash-in is
   * posted or being posted.
   */
  readonly #journal: TransferJournal;
  readonly #money: SeatMoney;
  /** The cabinet's counters to the platform, for the brand jackpots: after spins, never on their path. */
  readonly #counters: PlayCountersReporter;
  /** The counters last handed to the reporter. */
  #countersNoted: { spins: number; totalBet: number; sessionId: string | null } | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #statusReports: Promise<unknown> = Promise.resolve();
  readonly #idle: IdleCountdown;
  #closed = false;

  constructor(options: MachineHostOptions & { journal?: JournalState }) {
    this.id = options.id;
    this.name = options.name;
    this.#cabinet = options.cabinet;
    this.#platform = options.platform;
    this.#channel = options.channel;
    this.#timing = { ...defaultTiming, ...options.timing };
    this.#stateFile = options.stateFile;
    const scheduler = options.scheduler ?? hostScheduler;
    this.#timers = new HostTimers(scheduler);
    this.#onViewChanged = options.onViewChanged ?? (() => {});
    this.#onSeatEnded = options.onSeatEnded ?? (() => {});
    this.#onSignInsEnded = options.onSignInsEnded ?? (() => {});
    this.#log = options.log ?? (() => {});
    this.#idle = new IdleCountdown(this.#timing);
    this.#viewers = new ViewerRights(scheduler, this.#timing.videoWaitsForJoinMs);
    this.#journal = new TransferJournal(() => this.#persist(), options.journal);
    this.#money = new SeatMoney({
      machineId: this.id,
      cabinet: this.#cabinet,
      platform: this.#platform,
      journal: this.#journal,
      scheduler,
      serial: (work) => this.#serial(work),
      seat: () => this.#seat,
      tell: (event, payload) => {
        if (this.#seat?.socketId) this.#channel.emit(this.#seat.socketId, event, payload);
      },
      changed: () => this.#changed(),
      released: () => this.#afterGame(),
      log: (message, detail) => this.#log(message, detail),
    });
    this.#counters = new PlayCountersReporter({
      send: (report) => this.#platform.reportPlayCounters(this.id, report),
      log: (message, detail) => this.#log(message, detail),
    });
    this.#cabinet.onEvent((event) => this.#onCabinetEvent(event));
  }

  /**
   * Loads the persisted state (after a restart) or starts the machine fresh. `cabinet` makes the
   * cabinet from its saved snapshot (null: none saved).
   */
  static load(options: Omit<MachineHostOptions, 'cabinet'> & { cabinet: (saved: unknown) => Cabinet }): MachineHost {
    const saved = options.stateFile ? readMachineState(options.stateFile) : null;
    const host = new MachineHost({ ...options, cabinet: options.cabinet(saved?.game ?? null), journal: saved ?? undefined });
    if (saved?.seat) {
      // A token saved without its sign-in session could never be re-checked: that player joins again.
      const tokens = saved.seat.tokens.filter((t): t is [string, string] => Array.isArray(t) && t.length === 2);
      host.#viewers.seat(tokens);
      const { playerId, name, sessionId, base, lastActivity, limits } = saved.seat;
      // The limit watch goes on where it was: the seat's money, the reality check's schedule, an unanswered check.
      const watch = limits ? PlayLimitWatch.restore(limits, host.#timing.warningCount) : null;
      host.#seat = { playerId, name, sessionId, base, lastActivity, socketId: null, socketAuthSession: null, limits: watch };
    }
    return host;
  }

  /**
   * After a (re)start, before any player can reach the machine: open the cabinet (a cash-out it may
   * have made before the journal heard of it is resolved by asking it), announce it with the status
   * the cabinet is in, finish the money and sessions left in flight, give a seated player their grace
   * period. A seat the platform opened for a join the machine never saved (killed before it could) is
   * closed: its player was never told they sat down.
   */
  async start(endpoints: { address: string | null; video: string | null }): Promise<void> {
    await this.#openCabinet();
    // A real cabinet opens idle whatever seat was kept (its meters know no seat): the seat waits for its
    // player there, so the platform lets that player resume it (it refuses a seat on an idle machine).
    if (this.#seat && this.#cabinet.state.status === 'idle') await this.#moveSeat('waiting');
    await this.#platform.reportStatus(this.id, { status: this.#cabinet.state.status, address: endpoints.address, video: endpoints.video });
    await this.#money.recover();
    await this.#money.claimSeat('error');
    // A seat request the killed process sent may still be at work on the platform: asked again later.
    this.#claimSeatAfterGrace();
    if (this.#seat) this.#startGrace();
    // Counters played before a restart and never reported go now (the cabinet's snapshot kept them).
    this.#noteCounters(true);
  }

  async #openCabinet(): Promise<void> {
    const seat = this.#seat;
    const cashOut = seat ? this.#journal.nextCashOutId(this.id, seat.sessionId) : null;
    // The cash-ins and take-backs it could not confirm are asked too; the recovery settles them from its answers.
    const { applying, takingBack } = this.#journal.owed();
    const takeBacks = takingBack.map((transferId) => this.#journal.takingBack(transferId)!.takeBackId);
    const opened = await this.#cabinet.open([...(cashOut ? [cashOut] : []), ...applying, ...takeBacks]);
    if (!opened.ok) throw new Error(`machine ${this.id}: the cabinet did not open (${opened.reason})`);
    const taken = opened.inFlight.find((transfer) => transfer.transferId === cashOut);
    if (seat && taken?.status === 'completed') this.#journal.cashOutTaken(this.id, seat.sessionId, taken.amount);
  }

  /** Waits (at most `timeoutMs`) until the counters noted so far reached the platform; true if they did. */
  flushCounters(timeoutMs: number): Promise<boolean> {
    return this.#counters.flush(timeoutMs);
  }

  /** Where the cabinet's picture comes from. */
  get video(): CabinetVideo {
    return this.#cabinet.video;
  }

  /** Stopped, and the cabinet released (a real one's serial link and output board). */
  async close(): Promise<void> {
    this.stop();
    await this.#cabinet.close();
  }

  stop(): void {
    this.#closed = true;
    this.#counters.stop();
    this.#money.stop();
    this.#timers.stop();
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
    return this.#viewers.viewerOf(token);
  }

  /** The player seated through this socket, if it is the seat's. */
  playerOf(socketId: string): number | null {
    return this.#seatOf(socketId)?.playerId ?? null;
  }

  /** The sign-in sessions whose tokens open the seat (the agent re-checks them with the platform). */
  authSessionIds(): string[] {
    return this.#viewers.authSessionIds();
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
    const removed = this.#viewers.endSignIns(ended);
    this.#onSignInsEnded([...ended]);
    if (seat.socketId && seat.socketAuthSession && ended.has(seat.socketAuthSession)) this.#signOut(seat.socketId);
    if (removed) this.#persist();
  }

  #signOut(socketId: string): void {
    this.#channel.drop(socketId, { type: 'QUIT_REQUEST', message: 'You were signed out.' });
    void this.disconnected(socketId);
  }

  state(): GameStateDto {
    return gameStateDto(this.id, this.#cabinet.state);
  }

  /** What the frame renderer draws. */
  view(): CabinetViewState {
    return cabinetView(this.name, this.#cabinet.state, this.#timers.now(), this.#timing.spinAnimationMs);
  }

  /** `init {id}`: who holds the machine, `mine` when `token` (the asking socket's handshake) joined the seat. */
  look(token: string | null): SessionState {
    return {
      id: this.id,
      name: this.name,
      status: this.#cabinet.state.status,
      occupied: this.#seat !== null,
      mine: this.mayWatch(token),
    };
  }

  /**
   * The sign-in session of `token` as viewerOf answers it, once a join with that token that is under
   * way has been answered: the portal asks for the video while its seat request is still with the
   * platform, and the seat's answer still decides who may watch (docs/video.md).
   */
  viewerOfAfterJoin(token: string | null): Promise<string | null> {
    return this.#viewers.viewerOfAfterJoin(token);
  }

  /** A player sits down (init {machineID, token}); `ip` is their address, for the platform's IP check. */
  join(socketId: string, token: string, ip?: string): Promise<Ack> {
    trace.mark('join-received', this.id);
    const joined = this.#serial(() => this.#join(socketId, token, ip));
    this.#viewers.joinStarted(token, joined);
    const settled = () => trace.mark('join-done', this.id);
    joined.then(settled, settled);
    return joined;
  }

  async #join(socketId: string, token: string, ip?: string): Promise<Ack> {
    let seat;
    try {
      seat = await this.#platform.seat(this.id, token, ip);
      // A seat this machine ended, whose close has not reached the platform yet (it was away), is not sat
      // in again: its close would land later and end it under the player. Closed first, a new one opens.
      if (await this.#money.closeNow(seat.sessionId)) seat = await this.#platform.seat(this.id, token, ip);
    } catch (error) {
      // No answer: the platform may have opened the seat all the same (an instance that died before it
      // answered). The player may join again and resume it; if nobody holds it after the grace, it closes.
      if (error instanceof PlatformUnreachable) this.#claimSeatAfterGrace();
      return platformRefusal(error, this.#log);
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
    const sameSession = previous?.sessionId === seat.sessionId;
    const counters = this.#cabinet.state;
    this.#viewers.seat([...(sameSession ? this.#viewers.entries() : []), [token, seat.authSessionId]]);
    this.#seat = {
      playerId: seat.playerId,
      name: seat.name,
      sessionId: seat.sessionId,
      socketId: open ? socketId : (kept?.socketId ?? null),
      socketAuthSession: open ? seat.authSessionId : (kept?.socketAuthSession ?? null),
      base: sameSession ? previous.base : { spins: counters.spins, totalBet: counters.totalBet, totalWon: counters.totalWon },
      lastActivity: this.#timers.now(),
      limits: this.#limitWatch(seat, sameSession ? previous.limits : null),
    };
    if (this.#seat.socketId) {
      this.#cancelGrace();
      await this.#moveSeat('playing');
      this.#watchIdle();
      // A reality check the player has not answered (asked on a socket that dropped, or before a restart) is asked again.
      const asked = this.#seat.limits?.asked;
      if (asked && open) this.#channel.emit(socketId, 'info', { type: 'REALITY_CHECK', ...asked });
    } else {
      // As a seat whose socket dropped: a machine sits down (playing), then waits for its player.
      if (this.#cabinet.state.status !== 'waiting') await this.#moveSeat('playing');
      await this.#moveSeat('waiting');
      if (!this.#timers.has('grace')) this.#startGrace();
    }
    this.#persist();
    this.#changed();
    return { ok: true, sessionId: seat.sessionId, resumed: seat.resumed, balance: seat.balance, state: this.state() };
  }

  /**
   * The seat's limit watch after a join: the platform's limits as it counts them now (the loss room
   * from the ledger), the same seat's watch going on with them (its money and reality-check schedule).
   */
  #limitWatch(seat: SeatAnswer, kept: PlayLimitWatch | null): PlayLimitWatch | null {
    if (!seat.protection) return null;
    if (kept) return kept.update(seat.protection);
    return new PlayLimitWatch(seat.protection, {
      startedAt: Date.parse(seat.startedAt),
      now: this.#timers.now(),
      warningCount: this.#timing.warningCount,
    });
  }

  /**
   * The seated player's limits changed on the platform (the `limits` command): the seat's watch keeps
   * them from now on. A seat that ended or another session is left alone.
   */
  limitsChanged(sessionId: string, protection: SeatProtection): Promise<Ack> {
    return this.#serial(() => {
      const seat = this.#seat;
      if (seat?.sessionId !== sessionId) return refusal(ErrorCode.SessionTerminated);
      // A seat without a watch (restored from a file written before there was one) gets it at the player's next join.
      seat.limits?.update(protection);
      this.#persist();
      return { ok: true };
    });
  }

  press(socketId: string, button: GameButton): Promise<Ack> {
    return this.#serial(async () => {
      const seat = this.#seatOf(socketId);
      if (!seat) return refusal(ErrorCode.SessionTerminated);
      seat.lastActivity = this.#timers.now();
      if (button === 'COLLECT') return this.#cashOut('cashout', false);
      if (seat.limits?.paused) return refusal(ProtectionCode.RealityCheckPending);
      return this.#money.pressRefusal() ?? this.#pressNow(button);
    });
  }

  /** The player says they are there (`present`, the portal's idle prompt): the idle countdown starts over. */
  present(socketId: string): Ack {
    const seat = this.#seatOf(socketId);
    if (!seat) return refusal(ErrorCode.SessionTerminated);
    seat.lastActivity = this.#timers.now();
    return { ok: true };
  }

  /** Money from the wallet onto the meter: reserve → apply → post, or void (docs/game-socket.md). */
  transfer(socketId: string, amount: number, clientTransferId: string): Promise<Ack> {
    return this.#serial(async () => {
      const seat = this.#seatOf(socketId);
      if (!seat) return refusal(ErrorCode.SessionTerminated);
      seat.lastActivity = this.#timers.now();
      if (seat.limits?.paused) return refusal(ProtectionCode.RealityCheckPending);
      // The balance goes to the socket that asked, once the post is confirmed (not to a repeat).
      const ack = await this.#money.cashIn(seat, amount, clientTransferId, (balance) =>
        this.#channel.emit(socketId, 'balance', { balance }),
      );
      if (ack.ok && seat.limits) {
        seat.limits.cashedIn(amount, clientTransferId);
        this.#persist();
      }
      return ack;
    });
  }

  /** The player's answer to a reality check: play on, or stop (cash out and leave). */
  realityCheck(socketId: string, choice: 'continue' | 'stop'): Promise<Ack> {
    return this.#serial(async () => {
      const seat = this.#seatOf(socketId);
      if (!seat) return refusal(ErrorCode.SessionTerminated);
      seat.lastActivity = this.#timers.now();
      if (choice === 'stop') return this.#cashOut('cashout', true);
      seat.limits?.resume(this.#timers.now());
      this.#persist();
      return { ok: true };
    });
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
      const { credit, lock } = this.#cabinet.state;
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
    this.#timers.clear('autoplay');
    return this.#serial(async () => {
      if (this.#seat && this.#seat.socketId === null) {
        if (this.#cabinet.state.autoplay) await this.#pressNow('AUTOPLAY');
        await this.#moveSeat('waiting');
        this.#persist();
        this.#changed();
        this.#startGrace();
      }
    });
  }

  /**
   * The operator ends the seat (the console's End session, docs/console.md): the player's game hears
   * CLOSE_SESSION at once, then the credit is cashed out and the slot session closed (reason `closed`),
   * as when SPEC §4's idle countdown runs out.
   */
  endSeat(): Promise<Ack> {
    const socketId = this.#seat?.socketId;
    if (socketId) this.#channel.drop(socketId, { type: 'CLOSE_SESSION', code: ErrorCode.SessionClosing });
    return this.cashout(null, 'closed');
  }

  /** The operator's message to the seated player (an OPERATOR_MESSAGE info push); false when no game of theirs is connected. */
  message(text: string): boolean {
    const socketId = this.#seat?.socketId;
    if (!socketId) return false;
    this.#channel.emit(socketId, 'info', { type: 'OPERATOR_MESSAGE', message: text });
    return true;
  }

  /** The console confirmed the machine's hand pay (docs/console.md "Hand pay"): it is asked for now, and the lock released once paid. */
  async handPayConfirmed(): Promise<{ ok: true; locked: boolean }> {
    await this.#money.settleLocked();
    return { ok: true, locked: this.#cabinet.state.lock !== null };
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

  async #pressNow(button: GameButton): Promise<Ack> {
    trace.mark('queue-start', this.id, { button });
    const result = await this.#cabinet.press(button, this.#timers.now());
    if (!result.ok) return engineRefusal(result);
    trace.mark('engine-done', this.id, { button });
    this.#afterGame();
    return { ok: true, state: this.state() };
  }

  /**
   * After the cabinet played a press (its events told already). The picture goes first: the video
   * process starts drawing the press while the state file is written (fsync, several ms). It is only a
   * picture: what anyone can count on (the answer, the state push, the counters for the platform, the
   * next autoplay spin) leaves once the file is written, so an agent killed in between restarts with
   * the credit from before the press, which nobody was told had changed (docs/crash-test.md).
   */
  #afterGame(): void {
    this.#onViewChanged(this.view(), true);
    this.#persist();
    trace.mark('persisted', this.id);
    this.#noteCounters();
    this.#changed(false);
    this.#scheduleAutoplay();
  }

  /**
   * Hands the cabinet's counters, with the seat that played them, to the reporter when they changed
   * (saved first: the platform never hears of a spin the state file could lose).
   */
  #noteCounters(always = false): void {
    const { spins, totalBet } = this.#cabinet.state;
    const sessionId = this.#seat?.sessionId ?? null;
    const noted = this.#countersNoted;
    if (!always && noted && noted.spins === spins && noted.totalBet === totalBet && noted.sessionId === sessionId) return;
    if (!always && !noted && spins === 0) return;
    this.#countersNoted = { spins, totalBet, sessionId };
    this.#counters.update({ spins, totalBet, sessionId });
  }

  #onCabinetEvent(event: CabinetPortEvent): void {
    switch (event.type) {
      case 'settlement':
        void this.#money.settle(event.settlement);
        return;
      case 'status':
        this.#reportStatus(event.to);
        return;
      case 'changed':
        this.#persist();
        this.#noteCounters();
        this.#changed();
        return;
      default:
        return;
    }
  }

  /**
   * Status reports reach the platform in the order the machine changed: one at a time. Sent side by
   * side, a slow 'playing' (the join) could land after the 'waiting' of a disconnect that followed it,
   * and the lobby would show the machine in play for good.
   */
  #reportStatus(status: MachineStatus): void {
    this.#statusReports = this.#statusReports
      .then(() => this.#platform.reportStatus(this.id, { status }))
      .catch((error) => {
        // The platform client gave up: the lobby would show this status for good. The status the machine
        // has then goes again, until one reaches the platform.
        this.#log('status report failed; the status is sent again in 5 s', error);
        this.#timers.set('status', RECOVERY_EVERY_MS, () => this.#reportStatus(this.#cabinet.state.status));
      });
  }

  async #cashOut(reason: SessionEndReason, endSeat: boolean): Promise<Ack> {
    const seat = this.#seat;
    if (!seat) return { ok: true, amount: 0, balance: 0 };
    this.#timers.clear('autoplay');
    // Nothing on the meter: the player's answer still tells the wallet's balance, as the platform has
    // it now (no one to tell when the seat ends without its socket: grace over, a ban).
    const out = await this.#money.cashOut(seat.sessionId, seat.socketId !== null);
    if (!out.ok) return out;
    const { amount, balance } = out;
    seat.limits?.cashedOut(amount);
    if (endSeat) {
      // The seat's spins reach the platform while its session is open, so a jackpot they make is the seat's.
      this.#noteCounters();
      if (!(await this.#counters.flush(this.#timing.countersFlushMs)))
        this.#log('play counters not reported before the seat ended; sent later');
      const figures = this.#figures(seat);
      this.#seat = null;
      this.#viewers.seat([]);
      this.#onSeatEnded();
      this.#idle.reset();
      this.#cancelGrace();
      await this.#moveSeat('idle');
      await this.#money.closeSession({ sessionId: seat.sessionId, figures: { reason, ...figures } });
    } else {
      await this.#moveSeat('playing');
      this.#persist();
    }
    this.#changed();
    if (seat.socketId && balance !== null) this.#channel.emit(seat.socketId, 'balance', { balance });
    return { ok: true, amount, ...(balance === null ? {} : { balance }), state: this.state() };
  }

  #figures(seat: Seat) {
    const s = this.#cabinet.state;
    return { spins: s.spins - seat.base.spins, totalBet: s.totalBet - seat.base.totalBet, totalWon: s.totalWon - seat.base.totalWon };
  }

  #startGrace(): void {
    this.#timers.set('grace', this.#timing.reconnectGraceMs, () => {
      if (this.#seat && !this.#seat.socketId) void this.cashout(null, 'timeout');
    });
  }

  #cancelGrace(): void {
    this.#timers.clear('grace');
  }

  /** After the reconnect grace the platform hears which seat the machine holds, and closes any other. */
  #claimSeatAfterGrace(): void {
    this.#timers.set('seat-claim', this.#timing.reconnectGraceMs, () => void this.#money.claimSeat('timeout'));
  }

  /** SPEC §4 session ending: inactivity starts a countdown from 10, then CLOSE_SESSION. */
  #watchIdle(): void {
    this.#timers.every('idle-tick', 1_000, () => this.#idleTick());
  }

  #idleTick(): void {
    const seat = this.#seat;
    const socketId = seat?.socketId;
    const s = this.#cabinet.state;
    const now = this.#timers.now();
    const step = this.#idle.step(
      seat && socketId ? { idleForMs: now - seat.lastActivity, credit: s.credit, busy: s.autoplay || s.lock !== null } : null,
    );
    if (!seat || !socketId) return;
    if (this.#limitTick(seat, socketId, now)) return;
    switch (step.do) {
      case 'nothing':
        return;
      case 'keep-alive':
        seat.lastActivity = now;
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

  /** The player's limits at a tick: a reality check, or a limit's countdown and close. True when it acted. */
  #limitTick(seat: Seat, socketId: string, now: number): boolean {
    const s = this.#cabinet.state;
    if (!seat.limits || s.lock !== null) return false;
    const step = seat.limits.step({ now, credit: s.credit, minBet: Math.min(...s.betLevels) });
    switch (step.do) {
      case 'nothing':
        return false;
      case 'reality-check':
        seat.lastActivity = now;
        this.#persist();
        if (s.autoplay) void this.#serial(() => this.#pressNow('AUTOPLAY'));
        this.#channel.emit(socketId, 'info', { type: 'REALITY_CHECK', playedSeconds: step.playedSeconds, net: step.net });
        return true;
      case 'warn':
        this.#channel.emit(socketId, 'info', {
          type: 'SESSION_CLOSE_WARNING',
          code: step.code,
          count: step.count,
          ...(step.params ? { Params: step.params } : {}),
        });
        return true;
      case 'close':
        this.#channel.drop(socketId, { type: 'CLOSE_SESSION', code: step.code, ...(step.params ? { Params: step.params } : {}) });
        void this.cashout(null, 'closed');
        return true;
    }
  }

  #scheduleAutoplay(): void {
    this.#timers.clear('autoplay');
    const s = this.#cabinet.state;
    if (!s.autoplay || s.nextAutoSpinAt === null || !this.#seat?.socketId) return;
    this.#timers.set('autoplay', s.nextAutoSpinAt - this.#timers.now(), () => {
      void this.#serial(async () => {
        const seat = this.#seat;
        if (!seat?.socketId || !this.#cabinet.state.autoplay) return;
        const ack = await this.#pressNow('SPIN');
        if (ack.ok) this.#channel.emit(seat.socketId, 'state', this.state());
      });
    });
  }

  /** Plays the seat's status on the cabinet: `playing` enables play, `waiting` and `idle` disable it. */
  async #moveSeat(to: 'playing' | 'waiting' | 'idle'): Promise<void> {
    if (this.#cabinet.state.status === to) return;
    const moved = to === 'playing' ? await this.#cabinet.enablePlay() : await this.#cabinet.disablePlay(to);
    if (!moved.ok) this.#log(`the cabinet did not move to ${to}`, moved);
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
    this.#timers.clear('spin-end');
    const spunAt = this.#cabinet.state.lastSpinAt;
    const left = spunAt === null ? 0 : spunAt + this.#timing.spinAnimationMs - this.#timers.now();
    if (left <= 0 || this.#closed) return;
    this.#timers.set('spin-end', left + 1, () => this.#onViewChanged(this.view(), false));
  }

  #persist(): void {
    if (!this.#stateFile) return;
    const seat = this.#seat;
    writeMachineState(this.#stateFile, {
      game: this.#cabinet.snapshot(),
      seat: seat
        ? {
            playerId: seat.playerId,
            name: seat.name,
            sessionId: seat.sessionId,
            tokens: this.#viewers.entries(),
            base: seat.base,
            lastActivity: seat.lastActivity,
            limits: seat.limits?.toState() ?? null,
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
