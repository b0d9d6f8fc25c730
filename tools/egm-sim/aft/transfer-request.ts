/** A long poll 72 as the machine reads it. */
export type TransferPoll =
  | { kind: 'interrogate'; acknowledge: boolean; index: number }
  | { kind: 'cancel' }
  | { kind: 'unsupported'; code: number }
  | { kind: 'malformed' }
  | { kind: 'transfer'; request: TransferRequest };

export interface TransferRequest {
  /** 0x00 full transfer only, 0x01 partial allowed. */
  code: number;
  index: number;
  type: number;
  /** null: not valid BCD. */
  cashableCents: number | null;
  restrictedCents: number | null;
  nonRestrictedCents: number | null;
  flags: number;
  assetNumber: number;
  /** 40 hex digits. */
  registrationKey: string;
  /** null: empty, longer than 20 characters, or not printable ASCII. */
  transactionId: string | null;
}

export const TransferCode = {
  Full: 0x00,
  PartialAllowed: 0x01,
  Cancel: 0x80,
  InterrogateStatusOnly: 0xfe,
  Interrogate: 0xff,
} as const;

/** Transfer flag bit 6: accept the transfer only if the game is locked. */
export const FLAG_LOCK_REQUIRED = 0x40;
