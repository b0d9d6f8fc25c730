import { ActionCode, MAX_AMOUNT_MINOR } from '@reelcast/protocol';
import { evaluateWindow, windowAt, type LineWin, type ReelWindow, type ScatterWin } from './evaluate.ts';
import { classicPaytable, validatePaytable, type Paytable } from './paytable.ts';
import { Rng, type RngSeed, type RngState } from './rng.ts';
import { canTransition, isMachineStatus, type MachineStatus } from './status.ts';

export const buttons = ['SPIN', 'BET_UP', 'BET_DOWN', 'MAX_BET', 'COLLECT', 'AUTOPLAY'] as const;
export type Button = (typeof buttons)[number];

export type SettlementKind = 'HAND_PAY' | 'JACKPOT';

/** A win the machine does not put on its meter: the platform pays it through the ledger, once. */
export interface Settlement {
  /** Deterministic and unique per machine and spin: the ledger's idempotency key. */
  settlementId: string;
  kind: SettlementKind;
  actionCode: typeof ActionCode.HandPay | typeof ActionCode.Jackpot;
  amount: number;
  spin: number;
  createdAt: number;
}

export interface JackpotConfig {
  /** One spin in `oddsOneIn` hits, drawn from the game RNG after the reel stops. */
  oddsOneIn: number;
  /** Pot after a hit, minor units. */
  base: number;
  /** Share of every bet added to the pot, in 1/10000. */
  contributionBasisPoints: number;
}

export interface ForcedOutcome {
  stops: number[];
  jackpot?: boolean;
}

export interface MachineGameOptions {
  machineId: string;
  seed: RngSeed;
  paytable?: Paytable;
  /** Total bets in minor units, ascending; each must divide evenly by the paytable's line count. */
  betLevels?: readonly number[];
  /** A win at or above this many minor units locks the machine for a hand pay. */
  handPayThreshold?: number;
  /** Also lock when a win reaches this multiple of the bet (null: absolute threshold only). */
  handPayBetMultiple?: number | null;
  jackpot?: JackpotConfig | null;
  autoplayIntervalMs?: number;
  /** Transfers that would push the meter above this are refused. */
  maxCredit?: number;
  credit?: number;
  status?: MachineStatus;
  /** Test hook: outcomes used, in order, instead of drawing from the RNG. Not persisted. */
  forcedOutcomes?: ForcedOutcome[];
}

export interface GameConfig {
  machineId: string;
  paytableId: string;
  betLevels: number[];
  handPayThreshold: number;
  handPayBetMultiple: number | null;
  jackpot: JackpotConfig | null;
  autoplayIntervalMs: number;
  maxCredit: number;
}

export interface GameState {
  machineId: string;
  status: MachineStatus;
  credit: number;
  betLevels: number[];
  betIndex: number;
  bet: number;
  betPerLine: number;
  lines: number;
  lastWin: number;
  stops: number[];
  reels: ReelWindow;
  autoplay: boolean;
  /** When the caller should press SPIN next while autoplay is on. */
  nextAutoSpinAt: number | null;
  lastSpinAt: number | null;
  spins: number;
  totalBet: number;
  totalWon: number;
  jackpotPot: number;
  lock: { pending: Settlement[] } | null;
  version: number;
}

export type AutoplayStopReason = 'toggled' | 'insufficient-credit' | 'locked' | 'status' | 'collect';

export type GameEvent =
  | {
      type: 'spin';
      spin: number;
      bet: number;
      betPerLine: number;
      stops: number[];
      reels: ReelWindow;
      win: number;
      lines: LineWin[];
      scatter: ScatterWin | null;
      /** Part of the win put on the credit meter (0 when the win became a hand pay). */
      credited: number;
      jackpot: boolean;
    }
  | { type: 'settlement'; settlement: Settlement }
  | { type: 'settled'; settlement: Settlement }
  | { type: 'status'; from: MachineStatus; to: MachineStatus }
  | { type: 'bet'; betIndex: number; bet: number }
  | { type: 'autoplay'; on: boolean; reason?: AutoplayStopReason }
  | { type: 'credit'; change: number; credit: number }
  | { type: 'collect'; amount: number };

export type RefusalCode =
  | 'INSUFFICIENT_CREDIT'
  | 'LOCKED'
  | 'NOT_PLAYING'
  | 'BET_LIMIT'
  | 'AUTOPLAY_ACTIVE'
  | 'INVALID_AMOUNT'
  | 'CREDIT_LIMIT'
  | 'NOTHING_TO_COLLECT'
  | 'UNKNOWN_SETTLEMENT'
  | 'ILLEGAL_TRANSITION'
  | 'UNKNOWN_BUTTON';

export type Refusal = { ok: false; reason: string; code: RefusalCode };
export type GameResult<Extra extends object = object> = ({ ok: true; state: GameState; events: GameEvent[] } & Extra) | Refusal;

export interface GameSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  config: GameConfig;
  state: GameState;
  rng: RngState;
  jackpotCarry: number;
  resumeStatus: MachineStatus | null;
  settledIds: string[];
}

const SNAPSHOT_FORMAT = 'reelcast-machine-game/1';
/** Settled ids kept to answer a late retry with "already settled"; older ones are unknown. */
const SETTLED_MEMORY = 200;

export const defaultBetLevels: readonly number[] = [100, 200, 500, 1000, 2000];
export const defaultJackpot: JackpotConfig = { oddsOneIn: 100_000, base: 100_000, contributionBasisPoints: 20 };

const refuse = (code: RefusalCode, reason: string): Refusal => ({ ok: false, code, reason });
const isMinor = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

export class MachineGame {
  readonly config: GameConfig;
  readonly paytable: Paytable;
  private s: GameState;
  private rng: Rng;
  private jackpotCarry = 0;
  private resumeStatus: MachineStatus | null = null;
  private settledIds: string[] = [];
  private forced: ForcedOutcome[];

  constructor(options: MachineGameOptions) {
    const paytable = options.paytable ?? classicPaytable;
    validatePaytable(paytable);
    const lines = paytable.lines.length;
    const betLevels = [...(options.betLevels ?? defaultBetLevels)];
    if (
      betLevels.length === 0 ||
      !betLevels.every((b, i) => isMinor(b) && b > 0 && b % lines === 0 && (i === 0 || b > betLevels[i - 1]!))
    ) {
      throw new RangeError(`bet levels must be ascending positive multiples of ${lines} (the line count)`);
    }
    const jackpot = options.jackpot === undefined ? defaultJackpot : options.jackpot;
    if (
      jackpot &&
      !(isMinor(jackpot.oddsOneIn) && jackpot.oddsOneIn >= 1 && isMinor(jackpot.base) && isMinor(jackpot.contributionBasisPoints))
    ) {
      throw new RangeError('jackpot odds, base and contribution must be non-negative integers');
    }
    const credit = options.credit ?? 0;
    if (!isMinor(credit)) throw new RangeError('credit must be a non-negative integer of minor units');
    const status = options.status ?? 'idle';
    if (!isMachineStatus(status)) throw new RangeError(`unknown status ${String(status)}`);

    this.paytable = paytable;
    this.config = {
      machineId: options.machineId,
      paytableId: paytable.id,
      betLevels,
      handPayThreshold: options.handPayThreshold ?? 100_000,
      handPayBetMultiple: options.handPayBetMultiple ?? null,
      jackpot,
      autoplayIntervalMs: options.autoplayIntervalMs ?? 2_000,
      maxCredit: options.maxCredit ?? MAX_AMOUNT_MINOR,
    };
    this.rng = Rng.fromSeed(options.seed);
    this.forced = [...(options.forcedOutcomes ?? [])];
    const stops = paytable.reels.map(() => 0);
    this.s = {
      machineId: options.machineId,
      status,
      credit,
      betLevels,
      betIndex: 0,
      bet: betLevels[0]!,
      betPerLine: betLevels[0]! / lines,
      lines,
      lastWin: 0,
      stops,
      reels: windowAt(paytable, stops),
      autoplay: false,
      nextAutoSpinAt: null,
      lastSpinAt: null,
      spins: 0,
      totalBet: 0,
      totalWon: 0,
      jackpotPot: jackpot?.base ?? 0,
      lock: null,
      version: 0,
    };
  }

  static restore(snapshot: GameSnapshot, options: { paytable?: Paytable; forcedOutcomes?: ForcedOutcome[] } = {}): MachineGame {
    if (snapshot.format !== SNAPSHOT_FORMAT) throw new Error(`unsupported snapshot format ${String(snapshot.format)}`);
    const paytable = options.paytable ?? classicPaytable;
    if (paytable.id !== snapshot.config.paytableId) {
      throw new Error(`snapshot was taken with paytable ${snapshot.config.paytableId}, not ${paytable.id}`);
    }
    const { config, state } = snapshot;
    const game = new MachineGame({
      machineId: config.machineId,
      seed: 0,
      paytable,
      betLevels: config.betLevels,
      handPayThreshold: config.handPayThreshold,
      handPayBetMultiple: config.handPayBetMultiple,
      jackpot: config.jackpot,
      autoplayIntervalMs: config.autoplayIntervalMs,
      maxCredit: config.maxCredit,
      forcedOutcomes: options.forcedOutcomes,
    });
    if (!isMinor(state.credit) || !isMachineStatus(state.status) || state.betLevels[state.betIndex] !== state.bet) {
      throw new Error('snapshot state is inconsistent');
    }
    game.s = structuredClone(state);
    game.rng = Rng.fromState(snapshot.rng);
    game.jackpotCarry = snapshot.jackpotCarry;
    game.resumeStatus = snapshot.resumeStatus;
    game.settledIds = [...snapshot.settledIds];
    return game;
  }

  /** Plain JSON: JSON.stringify it, keep it, hand it to MachineGame.restore after a restart. */
  snapshot(): GameSnapshot {
    return structuredClone({
      format: SNAPSHOT_FORMAT,
      config: this.config,
      state: this.s,
      rng: this.rng.snapshot(),
      jackpotCarry: this.jackpotCarry,
      resumeStatus: this.resumeStatus,
      settledIds: this.settledIds,
    });
  }

  get state(): GameState {
    return structuredClone(this.s);
  }

  press(button: Button, now: number): GameResult {
    switch (button) {
      case 'SPIN':
        return this.spin(now);
      case 'BET_UP':
        return this.setBetIndex(this.s.betIndex + 1);
      case 'BET_DOWN':
        return this.setBetIndex(this.s.betIndex - 1);
      case 'MAX_BET':
        return this.setBetIndex(this.s.betLevels.length - 1);
      case 'COLLECT':
        return this.collect();
      case 'AUTOPLAY':
        return this.toggleAutoplay(now);
      default:
        return refuse('UNKNOWN_BUTTON', `unknown button ${String(button)}`);
    }
  }

  /** Money transferred in from the player's wallet (the "apply" step of a two-phase transfer). */
  addCredit(amount: number): GameResult {
    const refused = this.refuseTransfer(amount);
    if (refused) return refused;
    if (this.s.credit + amount > this.config.maxCredit) {
      return refuse('CREDIT_LIMIT', `credit would exceed the machine limit of ${this.config.maxCredit}`);
    }
    this.s.credit += amount;
    return this.commit([{ type: 'credit', change: amount, credit: this.s.credit }]);
  }

  /** Money transferred out to the player's wallet; never more than the meter shows. */
  removeCredit(amount: number): GameResult {
    const refused = this.refuseTransfer(amount);
    if (refused) return refused;
    if (amount > this.s.credit) {
      return refuse('INSUFFICIENT_CREDIT', `cannot remove ${amount}: the credit is ${this.s.credit}`);
    }
    this.s.credit -= amount;
    const events: GameEvent[] = [{ type: 'credit', change: -amount, credit: this.s.credit }];
    if (this.s.autoplay && this.s.credit < this.s.bet) this.stopAutoplay(events, 'insufficient-credit');
    return this.commit(events);
  }

  /**
   * COLLECT: the whole meter leaves the machine. The status moves to `cashout` until the agent has
   * moved the money (then `setStatus('playing' | 'idle')`); if the transfer fails, `addCredit` puts
   * the amount back.
   */
  collect(): GameResult<{ amount: number }> {
    if (this.s.lock) return refuse('LOCKED', 'the machine is locked until its hand pay is settled');
    if (this.s.status !== 'playing' && this.s.status !== 'waiting') {
      return refuse('NOT_PLAYING', `cannot collect while the machine is ${this.s.status}`);
    }
    if (this.s.credit === 0) return refuse('NOTHING_TO_COLLECT', 'the credit meter is empty');
    const amount = this.s.credit;
    const events: GameEvent[] = [];
    if (this.s.autoplay) this.stopAutoplay(events, 'collect');
    this.s.credit = 0;
    events.push({ type: 'collect', amount });
    this.moveTo('cashout', events);
    return { ...this.commit(events), amount };
  }

  /** Releases one pending hand pay or jackpot. Settling an id twice is a no-op; an unknown id is refused. */
  settle(settlementId: string): GameResult {
    const pending = this.s.lock?.pending ?? [];
    const settlement = pending.find((p) => p.settlementId === settlementId);
    if (!settlement) {
      if (this.settledIds.includes(settlementId)) return { ok: true, state: this.state, events: [] };
      return refuse('UNKNOWN_SETTLEMENT', `no pending settlement ${settlementId}`);
    }
    const events: GameEvent[] = [{ type: 'settled', settlement: structuredClone(settlement) }];
    const rest = pending.filter((p) => p !== settlement);
    this.settledIds = [...this.settledIds, settlementId].slice(-SETTLED_MEMORY);
    if (rest.length > 0) {
      this.s.lock = { pending: rest };
    } else {
      this.s.lock = null;
      this.moveTo(this.resumeStatus ?? 'idle', events);
      this.resumeStatus = null;
    }
    return this.commit(events);
  }

  /** Status changes driven by the agent (seat taken, player dropped, cabinet offline), checked against the table. */
  setStatus(to: MachineStatus): GameResult {
    if (this.s.lock) return refuse('LOCKED', 'the machine is locked until its hand pay is settled');
    if (!isMachineStatus(to) || !canTransition(this.s.status, to)) {
      return refuse('ILLEGAL_TRANSITION', `a machine cannot go from ${this.s.status} to ${String(to)}`);
    }
    if (to === this.s.status) return { ok: true, state: this.state, events: [] };
    const events: GameEvent[] = [];
    if (this.s.autoplay && to !== 'playing') this.stopAutoplay(events, 'status');
    this.moveTo(to, events);
    return this.commit(events);
  }

  private spin(now: number): GameResult {
    const s = this.s;
    if (s.lock) return refuse('LOCKED', 'the machine is locked until its hand pay is settled');
    if (s.status !== 'playing') return refuse('NOT_PLAYING', `cannot spin while the machine is ${s.status}`);
    if (s.credit < s.bet) {
      return refuse('INSUFFICIENT_CREDIT', `the bet is ${s.bet} but the credit is only ${s.credit}`);
    }
    const outcome = this.draw();

    const spin = s.spins + 1;
    s.spins = spin;
    s.credit -= s.bet;
    s.totalBet += s.bet;
    s.lastSpinAt = now;
    s.stops = outcome.stops;
    s.reels = windowAt(this.paytable, outcome.stops);
    const evaluation = evaluateWindow(this.paytable, s.reels, s.betPerLine);
    const win = evaluation.total;
    s.lastWin = win;
    s.totalWon += win;

    const events: GameEvent[] = [];
    const settlements: Settlement[] = [];
    let jackpotHit = false;
    const { handPayThreshold, handPayBetMultiple, jackpot } = this.config;
    const handPay = win > 0 && (win >= handPayThreshold || (handPayBetMultiple !== null && win >= handPayBetMultiple * s.bet));
    if (handPay) settlements.push(this.settlement('HAND_PAY', win, spin, now));
    else s.credit += win;

    if (jackpot) {
      this.jackpotCarry += s.bet * jackpot.contributionBasisPoints;
      s.jackpotPot += Math.floor(this.jackpotCarry / 10_000);
      this.jackpotCarry %= 10_000;
      if (outcome.jackpot) {
        jackpotHit = true;
        settlements.push(this.settlement('JACKPOT', s.jackpotPot, spin, now));
        s.totalWon += s.jackpotPot;
        s.jackpotPot = jackpot.base;
      }
    }

    events.push({
      type: 'spin',
      spin,
      bet: s.bet,
      betPerLine: s.betPerLine,
      stops: [...s.stops],
      reels: structuredClone(s.reels),
      win,
      lines: evaluation.lineWins,
      scatter: evaluation.scatterWin,
      credited: handPay ? 0 : win,
      jackpot: jackpotHit,
    });
    for (const settlement of settlements) events.push({ type: 'settlement', settlement: structuredClone(settlement) });

    if (settlements.length > 0) {
      if (s.autoplay) this.stopAutoplay(events, 'locked');
      this.resumeStatus = s.status;
      s.lock = { pending: settlements };
      this.moveTo('error', events);
    } else if (s.autoplay) {
      if (s.credit < s.bet) this.stopAutoplay(events, 'insufficient-credit');
      else s.nextAutoSpinAt = now + this.config.autoplayIntervalMs;
    }
    return this.commit(events);
  }

  private draw(): { stops: number[]; jackpot: boolean } {
    const forced = this.forced.shift();
    if (forced) {
      windowAt(this.paytable, forced.stops); // validates the stops
      return { stops: [...forced.stops], jackpot: forced.jackpot ?? false };
    }
    const stops = this.paytable.reels.map((strip) => this.rng.nextInt(strip.length));
    const jackpot = this.config.jackpot !== null && this.rng.nextInt(this.config.jackpot.oddsOneIn) === 0;
    return { stops, jackpot };
  }

  private settlement(kind: SettlementKind, amount: number, spin: number, now: number): Settlement {
    return {
      settlementId: `${this.config.machineId}:spin-${spin}:${kind === 'HAND_PAY' ? 'hand-pay' : 'jackpot'}`,
      kind,
      actionCode: kind === 'HAND_PAY' ? ActionCode.HandPay : ActionCode.Jackpot,
      amount,
      spin,
      createdAt: now,
    };
  }

  private setBetIndex(index: number): GameResult {
    const s = this.s;
    if (s.lock) return refuse('LOCKED', 'the machine is locked until its hand pay is settled');
    if (s.status !== 'playing') return refuse('NOT_PLAYING', `cannot change the bet while the machine is ${s.status}`);
    if (s.autoplay) return refuse('AUTOPLAY_ACTIVE', 'stop autoplay before changing the bet');
    if (index < 0 || index >= s.betLevels.length) return refuse('BET_LIMIT', 'the bet is already at its limit');
    if (index === s.betIndex) return { ok: true, state: this.state, events: [] };
    s.betIndex = index;
    s.bet = s.betLevels[index]!;
    s.betPerLine = s.bet / s.lines;
    return this.commit([{ type: 'bet', betIndex: index, bet: s.bet }]);
  }

  private toggleAutoplay(now: number): GameResult {
    const s = this.s;
    if (s.autoplay) {
      const events: GameEvent[] = [];
      this.stopAutoplay(events, 'toggled');
      return this.commit(events);
    }
    if (s.lock) return refuse('LOCKED', 'the machine is locked until its hand pay is settled');
    if (s.status !== 'playing') return refuse('NOT_PLAYING', `cannot start autoplay while the machine is ${s.status}`);
    if (s.credit < s.bet) return refuse('INSUFFICIENT_CREDIT', `the bet is ${s.bet} but the credit is only ${s.credit}`);
    s.autoplay = true;
    s.nextAutoSpinAt = now;
    return this.commit([{ type: 'autoplay', on: true }]);
  }

  private stopAutoplay(events: GameEvent[], reason: AutoplayStopReason): void {
    this.s.autoplay = false;
    this.s.nextAutoSpinAt = null;
    events.push({ type: 'autoplay', on: false, reason });
  }

  private moveTo(to: MachineStatus, events: GameEvent[]): void {
    const from = this.s.status;
    if (from === to) return;
    if (!canTransition(from, to)) throw new Error(`engine bug: ${from} → ${to} is not in the status table`);
    this.s.status = to;
    events.push({ type: 'status', from, to });
  }

  private refuseTransfer(amount: number): Refusal | null {
    if (!isMinor(amount) || amount === 0) return refuse('INVALID_AMOUNT', 'amount must be a positive integer of minor units');
    if (this.s.lock) return refuse('LOCKED', 'the machine is locked until its hand pay is settled');
    if (this.s.status === 'offline' || this.s.status === 'error') {
      return refuse('NOT_PLAYING', `cannot transfer money while the machine is ${this.s.status}`);
    }
    return null;
  }

  private commit(events: GameEvent[]): { ok: true; state: GameState; events: GameEvent[] } {
    this.s.version += 1;
    return { ok: true, state: this.state, events };
  }
}

/** When the caller should press SPIN for autoplay, or null when autoplay is off. */
export function nextAutoSpinDue(state: GameState): number | null {
  return state.autoplay ? state.nextAutoSpinAt : null;
}
