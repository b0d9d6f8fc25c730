import type { GameButton } from '@reelcast/protocol';
import { MachineGame, type GameEvent, type GameResult, type GameSnapshot, type MachineGameOptions } from '@reelcast/engine';
import type {
  Cabinet,
  CabinetPortEvent,
  CabinetResult,
  CabinetSettlement,
  CabinetState,
  CabinetTransfer,
  CabinetVideo,
} from './cabinet.ts';

/**
 * The emulated cabinet set to hand pay (the cabinets file's `handPay`, docs/console.md "Hand pay"): a
 * win at or above `threshold` minor units locks the machine for a hand pay that a member of staff
 * confirms in the console, as an attendant would at a real cabinet.
 */
export interface EmulatedHandPay {
  threshold: number;
}

/** Transfers whose outcome a repeat is told (the agent's journal remembers as many cash-ins). */
const MEMORY = 200;

/**
 * The emulated cabinet behind the port (docs/cabinets.md "The emulated cabinet"): the engine's game,
 * drawn by the agent's frame renderer. Every operation is the engine's, done at once; its events are
 * told before the operation answers. Its state is saved in the host's state file with the journal, in
 * one write, so a transfer the file does not show applied was never applied.
 */
export class EmulatedCabinet implements Cabinet {
  readonly video: CabinetVideo;
  readonly #game: MachineGame;
  readonly #listeners = new Set<(event: CabinetPortEvent) => void>();
  /** Transfers done since the state was loaded, for their repeats. */
  readonly #transfers = new Map<string, CabinetTransfer>();
  /** Set to hand pay: its hand pays wait for staff. */
  readonly #staffConfirms: boolean;

  /** `video`: drawn by the agent (the default), or a capture input the cabinets file names (a camera on a test rig). */
  constructor(game: MachineGame, video: CabinetVideo = { kind: 'rendered' }, staffConfirms = false) {
    this.#game = game;
    this.video = video;
    this.#staffConfirms = staffConfirms;
  }

  static create(options: MachineGameOptions, video?: CabinetVideo, handPay?: EmulatedHandPay): EmulatedCabinet {
    const game = new MachineGame(handPay ? { ...options, handPayThreshold: handPay.threshold } : options);
    return new EmulatedCabinet(game, video, !!handPay);
  }

  /** From the snapshot the host saved (snapshot()); the engine checks its format. `handPay` is the cabinets file's now. */
  static restore(snapshot: unknown, video?: CabinetVideo, handPay?: EmulatedHandPay): EmulatedCabinet {
    const saved = snapshot as GameSnapshot;
    const game = MachineGame.restore(handPay ? { ...saved, config: { ...saved.config, handPayThreshold: handPay.threshold } } : saved);
    return new EmulatedCabinet(game, video, !!handPay);
  }

  get state(): Readonly<CabinetState> {
    const state = this.#game.state;
    if (!state.lock || !this.#staffConfirms) return state;
    return { ...state, lock: { pending: state.lock.pending.map((settlement) => this.#told(settlement)) } };
  }

  onEvent(listener: (event: CabinetPortEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Nothing to connect; a transfer in flight that the state file does not show was never applied. */
  open(inFlight: readonly string[]): Promise<CabinetResult<{ inFlight: CabinetTransfer[] }>> {
    return Promise.resolve({
      ok: true,
      inFlight: inFlight.map((transferId) => this.#transfers.get(transferId) ?? neverApplied(transferId)),
    });
  }

  async close(): Promise<void> {}

  applyCredit(transferId: string, amount: number): Promise<CabinetTransfer> {
    return Promise.resolve(this.#once(transferId, () => this.#game.addCredit(amount), amount));
  }

  takeCredit(transferId: string, amount?: number): Promise<CabinetTransfer> {
    if (amount !== undefined) return Promise.resolve(this.#once(transferId, () => this.#game.removeCredit(amount), amount));
    const credit = this.#game.state.credit;
    return Promise.resolve(this.#once(transferId, () => this.#game.collect(), credit));
  }

  resolveTransfer(transferId: string): Promise<CabinetTransfer> {
    return Promise.resolve(this.#transfers.get(transferId) ?? neverApplied(transferId));
  }

  press(button: GameButton, now: number): Promise<CabinetResult> {
    return Promise.resolve(this.#play(this.#game.press(button, now)));
  }

  enablePlay(): Promise<CabinetResult> {
    return Promise.resolve(this.#play(this.#game.setStatus('playing')));
  }

  disablePlay(status: 'waiting' | 'idle'): Promise<CabinetResult> {
    return Promise.resolve(this.#play(this.#game.setStatus(status)));
  }

  settled(settlementId: string): Promise<CabinetResult> {
    return Promise.resolve(this.#play(this.#game.settle(settlementId)));
  }

  snapshot(): GameSnapshot {
    return this.#game.snapshot();
  }

  /** A transfer tells no events (the cash-out's passing `cashout` status included): the host shows the meter after it. */
  #once(transferId: string, move: () => GameResult, amount: number): CabinetTransfer {
    const known = this.#transfers.get(transferId);
    if (known) return known;
    const result = move();
    const transfer: CabinetTransfer = result.ok
      ? { transferId, status: 'completed', amount }
      : { transferId, status: 'refused', refusal: result };
    this.#transfers.set(transferId, transfer);
    if (this.#transfers.size > MEMORY) this.#transfers.delete(this.#transfers.keys().next().value!);
    return transfer;
  }

  #play(result: GameResult): CabinetResult {
    if (!result.ok) return result;
    for (const event of result.events) for (const told of portEvents(event, (settlement) => this.#told(settlement))) this.#emit(told);
    return { ok: true };
  }

  /** A settlement as the port tells it: a hand pay of a cabinet set to hand pay waits for staff. */
  #told({ settlementId, kind, amount }: CabinetSettlement): CabinetSettlement {
    return this.#staffConfirms && kind === 'HAND_PAY' ? { settlementId, kind, amount, confirm: 'staff' } : { settlementId, kind, amount };
  }

  #emit(event: CabinetPortEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

const neverApplied = (transferId: string): CabinetTransfer => ({
  transferId,
  status: 'refused',
  refusal: { ok: false, code: 'UNAVAILABLE', reason: 'the transfer never reached the meter' },
});

function portEvents(event: GameEvent, told: (settlement: CabinetSettlement) => CabinetSettlement): CabinetPortEvent[] {
  switch (event.type) {
    case 'status':
      return [event];
    case 'settlement':
      return [{ type: 'settlement', settlement: told(event.settlement) }];
    case 'spin':
      return [{ type: 'game-started' }, { type: 'game-ended', bet: event.bet, win: event.win }];
    default:
      return [];
  }
}
