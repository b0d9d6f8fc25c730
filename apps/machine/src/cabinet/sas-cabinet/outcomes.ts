import type { MachineStatus } from '@reelcast/protocol';
import type { AftOutcome, Door, MachineVersion, PollFailure } from '../sas/index.ts';
import type { CabinetButton } from '../output/index.ts';
import type { CabinetMeters, GameFigures } from './cabinet-meters.ts';

/** What the machine confirmed of one transfer (docs/sas.md "AFT"), by Reelcast's transfer id; amounts in minor units. */
export type TransferOutcome = AftOutcome & { transferId: string };

export type OpenOutcome =
  | {
      status: 'open';
      version: MachineVersion;
      meters: CabinetMeters;
      /** A hand pay waiting for an attendant when the cabinet opened, in minor units. */
      handPay: number | null;
      /** Each transfer of the journal, as the machine says it ended. */
      inFlight: TransferOutcome[];
    }
  | { status: 'failed'; stage: 'version' | 'registration' | 'meters' | 'hand-pay'; reason: PollFailure | 'refused' };

/** Play enabled or disabled, with the meters read after it (a seat's figures come from these). */
export type PlayOutcome =
  | { status: 'enabled' | 'disabled'; meters: CabinetMeters; gameInProgress: boolean }
  | { status: 'failed'; stage: 'play' | 'meters'; reason: PollFailure };

export type PressOutcome =
  /** A start button: the machine reported a game started (7E) within the confirmation time. */
  | { status: 'started' }
  /** A start button the machine did not act on in time: not taken. */
  | { status: 'not-taken' }
  /** Another button: pulsed (SAS confirms no other button). */
  | { status: 'pressed' }
  | { status: 'not-wired'; button: CabinetButton }
  /** The output board failed (unplugged, refused). */
  | { status: 'failed'; error: string };

export type CabinetEvent =
  | { type: 'game-started' }
  /** Read from the meters after the game: null when they could not be read (the next game's figures include it). */
  | { type: 'game-ended'; figures: GameFigures | null }
  | { type: 'hand-pay-pending'; amount: number | null }
  | { type: 'hand-pay-reset'; amount: number | null }
  | { type: 'door'; door: Door; open: boolean }
  | { type: 'tilt'; code: number; tilt: string }
  | { type: 'power'; on: boolean }
  | { type: 'link'; up: boolean }
  | { type: 'aft-complete' }
  /** Any other exception, as the machine sent it. */
  | { type: 'exception'; code: number }
  /** The lobby status the cabinet forces (docs/cabinets.md "Statuses"), or null when the seat decides. */
  | { type: 'status'; status: CabinetStatus; because: string[] };

export type CabinetStatus = Extract<MachineStatus, 'offline' | 'error'> | null;
