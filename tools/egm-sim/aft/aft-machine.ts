import type { ExceptionQueue } from '../machine/exception-queue.ts';
import type { NvramState } from '../machine/state.ts';

/** The parts of the machine the AFT functions use. */
export interface AftMachine {
  readonly state: NvramState;
  readonly config: {
    assetNumber: number;
    denominationCents: number;
    transferLimitCents: number;
    creditLimitCents: number;
    historySize: number;
  };
  readonly exceptions: ExceptionQueue;
  canTransferIn(): boolean;
  canTransferOut(): boolean;
  gameInProgress(): boolean;
  commit(): void;
}

export const TransferType = { InHouseToMachine: 0x00, InHouseToHost: 0x80 } as const;

/** AFT transfer status codes (SAS 6.02 Table 8.3e). */
export const TransferStatus = {
  FullSuccess: 0x00,
  PartialSuccess: 0x01,
  Pending: 0x40,
  CancelledByHost: 0x80,
  IdNotUnique: 0x81,
  NotValidFunction: 0x82,
  NotValidAmount: 0x83,
  ExceedsLimit: 0x84,
  NotDenominationMultiple: 0x85,
  UnableNow: 0x87,
  NotRegistered: 0x88,
  KeyMismatch: 0x89,
  AssetMismatch: 0x93,
  NotLocked: 0x94,
  IdNotValid: 0x95,
  UnexpectedError: 0x9f,
  NotCompatible: 0xc0,
  UnsupportedCode: 0xc1,
  NoInformation: 0xff,
} as const;

export function isSuccess(status: number): boolean {
  return status === TransferStatus.FullSuccess || status === TransferStatus.PartialSuccess;
}
