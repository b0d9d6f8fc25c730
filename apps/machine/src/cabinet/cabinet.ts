import type { CaptureInput } from '../video/index.ts';
import type { GameButton, MachineStatus } from '@reelcast/protocol';
import type { GameState, RefusalCode } from '@reelcast/engine';

/**
 * The port between a machine's host (seat, money, timers: apps/machine/src/agent) and the cabinet it
 * drives (docs/cabinets.md "The Cabinet port"). Two adapters implement it: the emulated cabinet (the
 * engine and the frame renderer) and the SAS cabinet (a real machine on its SAS port and output
 * board). The host never knows which one it drives.
 */
export interface Cabinet {
  /** What the cabinet shows now: what the game socket sends and the renderer draws. */
  readonly state: Readonly<CabinetState>;
  /** Where the picture comes from. */
  readonly video: CabinetVideo;
  /** The cabinet's events, in the order it reported them; the returned function stops listening. */
  onEvent(listener: (event: CabinetPortEvent) => void): () => void;

  /**
   * Before a seat can open, after a (re)start: the link up, the meters read, and each transfer the
   * journal left in flight resolved by asking the cabinet.
   */
  open(inFlight: readonly string[]): Promise<CabinetResult<{ inFlight: CabinetTransfer[] }>>;
  close(): Promise<void>;

  /**
   * Cash-in, phase "apply" of reserve → apply → post: `amount` minor units onto the credit meter,
   * idempotent by transfer id (a repeat is told the first outcome, nothing is applied twice).
   */
  applyCredit(transferId: string, amount: number): Promise<CabinetTransfer>;
  /**
   * Credit off the meter to the wallet: all of it (a cash-out, COLLECT), or `amount` (a cash-in taken
   * back after its post failed); idempotent by transfer id.
   */
  takeCredit(transferId: string, amount?: number): Promise<CabinetTransfer>;
  /** What became of a transfer: what the cabinet says now (a repeat never moves money again). */
  resolveTransfer(transferId: string): Promise<CabinetTransfer>;

  /** A player's button; `now` is the host's clock (the emulated game's autoplay and reels run on it). */
  press(button: GameButton, now: number): Promise<CabinetResult>;

  /** A seat is in play: the cabinet takes presses. */
  enablePlay(): Promise<CabinetResult>;
  /** No one plays: the seat waits for its player (`waiting`) or has ended (`idle`). */
  disablePlay(status: 'waiting' | 'idle'): Promise<CabinetResult>;
  /** The platform paid this settlement into the wallet: the cabinet may release its lock. */
  settled(settlementId: string): Promise<CabinetResult>;

  /** The cabinet's own state to keep across restarts (saved with the seat and the journal), or null. */
  snapshot(): unknown;
}

/** A win the cabinet does not put on its credit meter: the platform pays it into the wallet, once. */
export interface CabinetSettlement {
  /** Unique per cabinet: the ledger's idempotency key. */
  settlementId: string;
  kind: 'HAND_PAY' | 'JACKPOT';
  amount: number;
  /** A hand pay that a member of staff confirms in the console before it is paid (docs/console.md "Hand pay"). */
  confirm?: 'staff';
}

/**
 * What the cabinet shows: the engine's game state as far as a real cabinet has it too. `status` is the
 * lobby's (the seat moves it by enabling and disabling play, unless the cabinet forces `error` or
 * `offline`); money in minor units; `spins`, `totalBet` and `totalWon` count since the cabinet was new
 * (a real one's meters), so a seat's figures are their deltas; `lock` holds the settlements the
 * platform has yet to pay, and the cabinet takes no play until they are.
 */
export type CabinetState = Pick<
  GameState,
  | 'status'
  | 'credit'
  | 'bet'
  | 'betLevels'
  | 'lastWin'
  | 'autoplay'
  | 'nextAutoSpinAt'
  | 'lastSpinAt'
  | 'spins'
  | 'totalBet'
  | 'totalWon'
  | 'version'
> & {
  /** The symbols on the reels' window (an emulated cabinet's; a real one's picture shows its own). */
  reels: string[][];
  lock: { pending: CabinetSettlement[] } | null;
};

export type CabinetVideo =
  /** Drawn by the agent's frame renderer from `state`. */
  | { kind: 'rendered' }
  /** A camera, capture card or stream: its ffmpeg input (the cabinets file's `video`, docs/video.md). */
  | { kind: 'capture'; source: CaptureInput }
  /** None: a real cabinet with no `video` in the cabinets file. */
  | { kind: 'none' };

/**
 * Why a cabinet refused: the engine's reasons (engine-refusals.ts maps each to a SPEC §8 code), and
 * UNAVAILABLE when a real cabinet did not answer, did not take a press, or is not wired for it.
 */
export type CabinetRefusalCode = RefusalCode | 'UNAVAILABLE';

export type CabinetRefusal = { ok: false; code: CabinetRefusalCode; reason: string };
export type CabinetResult<Extra extends object = object> = ({ ok: true } & Extra) | CabinetRefusal;

/** One transfer as the cabinet confirmed it, by Reelcast's transfer id; amounts in minor units. */
export type CabinetTransfer =
  | { transferId: string; status: 'completed'; amount: number }
  /** Certainly not moved: the cabinet refused it, or never received it. */
  | { transferId: string; status: 'refused'; refusal: CabinetRefusal }
  /** The cabinet could not say (no link): asked again with resolveTransfer before the money is settled. */
  | { transferId: string; status: 'unknown'; reason: string };

export type CabinetPortEvent =
  /** The lobby status changed (the seat moved it, or the cabinet forces `error` / `offline`). */
  | { type: 'status'; from: MachineStatus; to: MachineStatus }
  /** A win for the platform to pay (hand pay, jackpot): host → platform.settle → cabinet.settled. */
  | { type: 'settlement'; settlement: CabinetSettlement }
  | { type: 'game-started' }
  /** A game's bet and win, minor units (a real cabinet's from its meters; null when they could not be read). */
  | { type: 'game-ended'; bet: number | null; win: number | null }
  | { type: 'hand-pay'; pending: boolean; amount: number | null }
  | { type: 'door'; door: string; open: boolean }
  | { type: 'tilt'; tilt: string }
  | { type: 'power'; on: boolean }
  | { type: 'link'; up: boolean }
  /** The state changed by itself (a game the cabinet played, a meter read): push it to the player. */
  | { type: 'changed' };
