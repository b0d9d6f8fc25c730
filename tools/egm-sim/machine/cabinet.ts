import { GameLock } from '../aft/game-lock.ts';
import { AftTransfers, type TransferFault } from '../aft/transfers.ts';
import { Exception } from './exception-codes.ts';
import { ExceptionQueue, type OverflowPolicy } from './exception-queue.ts';
import { playGame, winFor } from './reel-game.ts';
import type { NvramState } from './state.ts';

export const BUTTONS = ['play', 'betOne', 'maxBet', 'cashOut', 'service'] as const;
export type Button = (typeof BUTTONS)[number];

export interface CabinetConfig {
  address: number;
  assetNumber: number;
  serialNumber: string;
  denominationCents: number;
  maxBet: number;
  cashOutTo: 'handPay' | 'host';
  handPayLimitCents: number;
  transferLimitCents: number;
  creditLimitCents: number;
  gameMs: number;
  historySize: number;
  exceptionQueueSize: number;
  overflow: OverflowPolicy;
  /** How often a hand pay the host has not read (51) and a transfer it has not acknowledged (69) are raised again. */
  reissueMs: number;
}

/**
 * The gaming machine: credits, meters, a reel game, doors and tilts, hand pays, the AFT lock and transfers. Every
 * change is written to NVRAM (`commit`) before anything is answered; a power loss throws this object away and a
 * new one is built from the NVRAM file.
 */
export class Cabinet {
  readonly exceptions: ExceptionQueue;
  readonly lock: GameLock;
  readonly transfers: AftTransfers;
  private gameTimer: NodeJS.Timeout | null = null;
  private readonly reissueTimer: NodeJS.Timeout;
  private forcedStops: number[] | null = null;
  /** The last games asked for by a button and refused, the newest last (the control channel's `status`, `refusedGames`). */
  readonly refusedGames: { bet: number; why: string }[] = [];
  /** When the game in progress started (performance.now()), if it started since power up: the glass rolls from then. */
  gameStartedAt: number | null = null;

  constructor(
    readonly state: NvramState,
    readonly config: CabinetConfig,
    private readonly persist: (state: NvramState) => void,
    takeTransferFault: () => TransferFault,
  ) {
    this.exceptions = new ExceptionQueue(state.exceptions, config.exceptionQueueSize, config.overflow);
    this.lock = new GameLock(this);
    this.transfers = new AftTransfers(this, this.lock, takeTransferFault);
    this.reissueTimer = setInterval(() => this.reissue(), config.reissueMs);
  }

  /** Power applied: report it, settle what the power loss interrupted, and carry on with a game that was playing. */
  powerUp(): void {
    this.exceptions.add(Exception.AcPowerApplied);
    this.transfers.recover();
    if (this.state.game !== null && this.state.handPay === null) this.scheduleGameEnd();
    this.commit();
  }

  /** Power lost: the event is kept for after power returns; timers stop, NVRAM stays as it is. */
  powerLost(): void {
    this.exceptions.add(Exception.AcPowerLost);
    this.commit();
    this.shutdown();
  }

  shutdown(): void {
    if (this.gameTimer !== null) clearTimeout(this.gameTimer);
    clearInterval(this.reissueTimer);
    this.lock.release();
  }

  commit(): void {
    this.persist(this.state);
  }

  gameInProgress(): boolean {
    return this.state.game !== null;
  }

  canTransferIn(): boolean {
    return this.state.playEnabled && this.canTransferOut();
  }

  canTransferOut(): boolean {
    const { state } = this;
    return !state.doorOpen && state.tilt === null && state.handPay === null && state.game === null;
  }

  /** Why a game cannot start now, or null. */
  whyNoGame(bet: number): string | null {
    const { state } = this;
    if (!state.playEnabled) return 'play disabled by the host';
    if (state.doorOpen) return 'slot door open';
    if (state.tilt !== null) return 'tilt';
    if (state.handPay !== null) return 'hand pay pending';
    if (state.game !== null) return 'game in progress';
    if (this.lock.isLocked || this.transfers.isPending) return 'AFT lock or transfer in progress';
    if (state.credits < bet) return 'not enough credits';
    return null;
  }

  press(button: Button): void {
    const { state } = this;
    switch (button) {
      case 'play':
        return this.startGame(state.bet);
      case 'maxBet':
        if (state.game !== null) return;
        state.bet = this.config.maxBet;
        this.commit();
        return this.startGame(state.bet);
      case 'betOne':
        if (state.game !== null) return;
        state.bet = state.bet >= this.config.maxBet ? 1 : state.bet + 1;
        return this.commit();
      case 'cashOut':
        return this.cashOut();
      case 'service':
        state.changeLamp = !state.changeLamp;
        this.exceptions.add(state.changeLamp ? Exception.ChangeLampOn : Exception.ChangeLampOff);
        return this.commit();
    }
  }

  /** Test hook: the reel stops of the next game instead of drawing them. */
  forceNextStops(stops: number[]): void {
    this.forcedStops = stops;
  }

  setPlayEnabled(enabled: boolean): void {
    this.state.playEnabled = enabled;
    this.commit();
  }

  setDoor(open: boolean): void {
    if (this.state.doorOpen === open) return;
    this.state.doorOpen = open;
    this.exceptions.add(open ? Exception.SlotDoorOpened : Exception.SlotDoorClosed);
    this.commit();
    if (!open) this.resumeAfterCondition();
  }

  setTilt(code: number | null): void {
    this.state.tilt = code;
    if (code !== null) this.exceptions.add(code);
    this.commit();
    if (code === null) this.resumeAfterCondition();
  }

  /** A hand pay called from the floor (an external jackpot), metered as jackpot when reset. */
  floorHandPay(credits: number): boolean {
    if (this.state.handPay !== null) return false;
    this.startHandPay(credits, 'floor', false);
    return true;
  }

  /** The attendant keys the hand pay off (control channel, or long poll 94). */
  resetHandPay(): boolean {
    const { state } = this;
    const handPay = state.handPay;
    if (handPay === null) return false;
    if (handPay.kind === 'cancelledCredits') {
      state.meters.handPaidCancelledCredits += handPay.credits;
      state.meters.cancelledCredits += handPay.credits;
    } else {
      state.meters.jackpot += handPay.credits;
    }
    state.handPay = null;
    this.exceptions.add(Exception.HandPayReset);
    if (handPay.gameEnds) this.endGame(handPay.credits);
    this.commit();
    this.lock.retry();
    return true;
  }

  /** Long poll 1B was answered and acknowledged: the host knows of the hand pay, 51 need not be raised again. */
  handPayInfoRead(): void {
    if (this.state.handPay === null) return;
    this.state.handPay.infoRead = true;
    this.commit();
  }

  onPollAddressed(): void {
    this.transfers.onPoll();
  }

  private startGame(bet: number): void {
    const why = this.whyNoGame(bet);
    if (why !== null) {
      this.refusedGames.push({ bet, why });
      if (this.refusedGames.length > 8) this.refusedGames.shift();
      return;
    }
    const { state } = this;
    const outcome = playGame(state.rng, bet);
    const stops = this.forcedStops ?? outcome.stops;
    this.forcedStops = null;
    state.rng = outcome.rngState;
    state.credits -= bet;
    state.meters.coinIn += bet;
    state.meters.gamesPlayed++;
    state.game = { bet, stops, win: winFor(stops, bet) };
    this.gameStartedAt = performance.now();
    this.exceptions.add(Exception.GameStarted);
    this.commit();
    this.scheduleGameEnd();
  }

  private scheduleGameEnd(): void {
    if (this.gameTimer !== null) clearTimeout(this.gameTimer);
    this.gameTimer = setTimeout(() => {
      this.gameTimer = null;
      this.settleGame();
    }, this.config.gameMs);
  }

  /** The reels have stopped: pay the win, or lock up for a hand pay when it reaches the limit. */
  private settleGame(): void {
    const { state } = this;
    const game = state.game;
    // A door opened or a tilt in the middle of the game holds it until the condition clears.
    if (game === null || state.doorOpen || state.tilt !== null || state.handPay !== null) return;
    if (game.win > 0 && game.win * this.config.denominationCents >= this.config.handPayLimitCents) {
      return this.startHandPay(game.win, 'win', true);
    }
    state.credits += game.win;
    state.meters.coinOut += game.win;
    this.endGame(game.win);
    this.commit();
    this.lock.retry();
  }

  private endGame(win: number): void {
    if (win > 0) this.state.meters.gamesWon++;
    else this.state.meters.gamesLost++;
    this.state.game = null;
    this.exceptions.add(Exception.GameEnded);
  }

  private resumeAfterCondition(): void {
    if (this.state.game !== null && this.gameTimer === null) this.settleGame();
    this.lock.retry();
  }

  private cashOut(): void {
    const { state } = this;
    if (state.credits === 0 || this.whyNoGame(0) !== null) return;
    this.exceptions.add(Exception.CashOutButtonPressed);
    if (this.config.cashOutTo === 'host') {
      this.exceptions.add(Exception.AftRequestForHostCashOut);
      return this.commit();
    }
    const credits = state.credits;
    state.credits = 0;
    this.startHandPay(credits, 'cancelledCredits', false);
  }

  private startHandPay(credits: number, kind: 'win' | 'cancelledCredits' | 'floor', gameEnds: boolean): void {
    this.state.handPay = { credits, kind, infoRead: false, gameEnds };
    this.exceptions.add(Exception.HandPayPending);
    this.commit();
  }

  private reissue(): void {
    const before = this.exceptions.size;
    if (this.state.handPay !== null && !this.state.handPay.infoRead) this.exceptions.add(Exception.HandPayPending);
    if (this.transfers.unacknowledgedFinal) this.exceptions.add(Exception.AftTransferComplete);
    if (this.exceptions.size !== before) this.commit();
  }
}
