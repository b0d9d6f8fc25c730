import type { CaptureInput } from '../../video/index.ts';
import type { GameButton, MachineStatus } from '@reelcast/protocol';
import type {
  Cabinet,
  CabinetPortEvent,
  CabinetRefusal,
  CabinetResult,
  CabinetSettlement,
  CabinetState,
  CabinetTransfer,
  CabinetVideo,
} from '../cabinet.ts';
import type { CabinetButton } from '../output/index.ts';
import type { CabinetMeters } from './cabinet-meters.ts';
import type { CabinetEvent, CabinetStatus, TransferOutcome } from './outcomes.ts';
import type { SasCabinet } from './sas-cabinet.ts';

/** The player's buttons on the cabinet's harness; COLLECT is a cash-out by AFT, and autoplay a real cabinet has not. */
const harness: Partial<Record<GameButton, CabinetButton>> = { SPIN: 'play', BET_UP: 'betUp', BET_DOWN: 'betDown', MAX_BET: 'maxBet' };

const unavailable = (reason: string): CabinetRefusal => ({ ok: false, code: 'UNAVAILABLE', reason });

/** What the SAS port adapter keeps across restarts: a hand pay reset on the floor and not paid to the wallet yet. */
interface SasPortSnapshot {
  settlements: CabinetSettlement[];
}

/**
 * A SasCabinet behind the Cabinet port (docs/cabinets.md "The SAS adapter"): the port's operations are
 * the SAS cabinet's, its state is the machine's meters (read at open, after each game, transfer and
 * change of play), and its status is the seat's unless the machine forces `offline` or `error`. A hand
 * pay is a settlement once the attendant has reset it; the platform pays it into the wallet.
 */
export class SasCabinetPort implements Cabinet {
  readonly video: CabinetVideo;
  readonly #sas: SasCabinet;
  readonly #listeners = new Set<(event: CabinetPortEvent) => void>();
  #seat: 'idle' | 'playing' | 'waiting' = 'idle';
  #forced: CabinetStatus = 'offline';
  #state: CabinetState;

  constructor(sas: SasCabinet, options: { video?: CaptureInput; saved?: unknown } = {}) {
    this.#sas = sas;
    this.video = options.video ? { kind: 'capture', source: options.video } : { kind: 'none' };
    const pending = (options.saved as SasPortSnapshot | null | undefined)?.settlements ?? [];
    this.#state = {
      status: 'offline',
      credit: 0,
      bet: 0,
      betLevels: [],
      lastWin: 0,
      reels: [],
      autoplay: false,
      nextAutoSpinAt: null,
      lastSpinAt: null,
      spins: 0,
      totalBet: 0,
      totalWon: 0,
      lock: pending.length ? { pending } : null,
      version: 0,
    };
    sas.onEvent((event) => this.#onSasEvent(event));
  }

  get state(): Readonly<CabinetState> {
    return this.#state;
  }

  onEvent(listener: (event: CabinetPortEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async open(inFlight: readonly string[]): Promise<CabinetResult<{ inFlight: CabinetTransfer[] }>> {
    const opened = await this.#sas.open(inFlight);
    if (opened.status !== 'open') return unavailable(`the cabinet did not open at ${opened.stage}: ${opened.reason}`);
    this.#meters(opened.meters);
    this.#setForced(this.#sas.status.status);
    return { ok: true, inFlight: opened.inFlight.map(portTransfer) };
  }

  close(): Promise<void> {
    return this.#sas.close();
  }

  async applyCredit(transferId: string, amount: number): Promise<CabinetTransfer> {
    return this.#afterTransfer(portTransfer(await this.#sas.applyCredit(transferId, amount)));
  }

  /** A cashable AFT from the machine: the whole credit, or exactly `amount` (a cash-in taken back, the credit before it stays). */
  async takeCredit(transferId: string, amount?: number): Promise<CabinetTransfer> {
    return this.#afterTransfer(portTransfer(await this.#sas.takeCredit(transferId, amount)));
  }

  async resolveTransfer(transferId: string): Promise<CabinetTransfer> {
    return portTransfer(await this.#sas.resolveTransfer(transferId));
  }

  async press(button: GameButton): Promise<CabinetResult> {
    if (this.#state.lock) return { ok: false, code: 'LOCKED', reason: 'a hand pay waits for its payment' };
    if (this.#state.status !== 'playing') return { ok: false, code: 'NOT_PLAYING', reason: `the machine is ${this.#state.status}` };
    const wired = harness[button];
    if (!wired) return { ok: false, code: 'UNKNOWN_BUTTON', reason: `a real cabinet has no ${button} button` };
    const pressed = await this.#sas.press(wired);
    switch (pressed.status) {
      case 'started':
      case 'pressed':
        return { ok: true };
      case 'not-taken':
        return unavailable('the machine did not take the press');
      case 'not-wired':
        return { ok: false, code: 'UNKNOWN_BUTTON', reason: `${pressed.button} is not wired on this cabinet` };
      case 'failed':
        return unavailable(`the output board failed: ${pressed.error}`);
    }
  }

  async enablePlay(): Promise<CabinetResult> {
    const enabled = await this.#sas.enablePlay();
    if (enabled.status === 'failed') return unavailable(`play not enabled (${enabled.stage}: ${enabled.reason})`);
    this.#meters(enabled.meters);
    this.#setSeat('playing');
    return { ok: true };
  }

  async disablePlay(status: 'waiting' | 'idle'): Promise<CabinetResult> {
    const disabled = await this.#sas.disablePlay();
    // The seat moves on all the same: no one is seated to play it remotely.
    this.#setSeat(status);
    if (disabled.status === 'failed') return unavailable(`play not disabled (${disabled.stage}: ${disabled.reason})`);
    this.#meters(disabled.meters);
    return { ok: true };
  }

  settled(settlementId: string): Promise<CabinetResult> {
    const pending = this.#state.lock?.pending ?? [];
    if (!pending.some((settlement) => settlement.settlementId === settlementId))
      return Promise.resolve({ ok: false, code: 'UNKNOWN_SETTLEMENT', reason: `no pending settlement ${settlementId}` });
    const rest = pending.filter((settlement) => settlement.settlementId !== settlementId);
    this.#change({ lock: rest.length ? { pending: rest } : null });
    return Promise.resolve({ ok: true });
  }

  snapshot(): SasPortSnapshot {
    return { settlements: this.#state.lock?.pending ?? [] };
  }

  async #afterTransfer(transfer: CabinetTransfer): Promise<CabinetTransfer> {
    if (transfer.status === 'completed') {
      const meters = await this.#sas.meters();
      if (meters.ok) this.#meters(meters.value);
    }
    return transfer;
  }

  #onSasEvent(event: CabinetEvent): void {
    switch (event.type) {
      case 'status':
        return this.#setForced(event.status);
      case 'game-started':
        return this.#emit({ type: 'game-started' });
      case 'game-ended':
        this.#emit({ type: 'game-ended', bet: event.figures?.bet ?? null, win: event.figures?.win ?? null });
        void this.#sas.meters().then((meters) => {
          if (meters.ok) this.#meters(meters.value, event.figures ?? undefined);
          this.#emit({ type: 'changed' });
        });
        return;
      case 'hand-pay-pending':
        return this.#emit({ type: 'hand-pay', pending: true, amount: event.amount });
      case 'hand-pay-reset':
        this.#emit({ type: 'hand-pay', pending: false, amount: event.amount });
        return this.#handPaid(event.amount);
      case 'door':
        return this.#emit({ type: 'door', door: event.door, open: event.open });
      case 'tilt':
        return this.#emit({ type: 'tilt', tilt: event.tilt });
      case 'power':
      case 'link':
        return this.#emit(event);
      default:
        return;
    }
  }

  /** The attendant reset a hand pay: the player is paid into the wallet (SPEC §3 action 5), once. */
  #handPaid(amount: number | null): void {
    if (!amount) return;
    const settlement: CabinetSettlement = { settlementId: `hand-pay-${this.#state.spins}`, kind: 'HAND_PAY', amount };
    this.#change({ lock: { pending: [...(this.#state.lock?.pending ?? []), settlement] } });
    this.#emit({ type: 'settlement', settlement });
  }

  #meters(meters: CabinetMeters, game?: { bet: number; win: number }): void {
    this.#change({
      credit: meters.credit,
      spins: meters.gamesPlayed,
      totalBet: meters.coinIn,
      totalWon: meters.coinOut + meters.jackpot,
      ...(game ? { bet: game.bet, lastWin: game.win } : {}),
    });
  }

  #setSeat(seat: 'idle' | 'playing' | 'waiting'): void {
    this.#seat = seat;
    this.#moveStatus();
  }

  #setForced(forced: CabinetStatus): void {
    this.#forced = forced;
    this.#moveStatus();
  }

  #moveStatus(): void {
    const from = this.#state.status;
    const to: MachineStatus = this.#forced ?? this.#seat;
    if (from === to) return;
    this.#change({ status: to });
    this.#emit({ type: 'status', from, to });
  }

  #change(changes: Partial<CabinetState>): void {
    this.#state = { ...this.#state, ...changes, version: this.#state.version + 1 };
  }

  #emit(event: CabinetPortEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

function portTransfer(outcome: TransferOutcome): CabinetTransfer {
  const { transferId } = outcome;
  switch (outcome.status) {
    case 'completed':
      return { transferId, status: 'completed', amount: outcome.amount };
    case 'refused':
      return {
        transferId,
        status: 'refused',
        refusal: unavailable(`the machine refused the transfer at ${outcome.stage} (code ${outcome.code})`),
      };
    case 'absent':
      return { transferId, status: 'refused', refusal: unavailable('the machine has no such transfer') };
    case 'not-sent':
      return { transferId, status: 'refused', refusal: unavailable(`the transfer was not sent (${outcome.reason})`) };
    case 'unknown':
      return { transferId, status: 'unknown', reason: outcome.reason };
  }
}
