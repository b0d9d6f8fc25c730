import type { TransferRequest } from './transfer-request.ts';

/** A request to move `cents` in-house (type 00 to the machine, 80 to the host) on asset 1, with no registration key. */
export function transferRequest(cents: number, overrides: Partial<TransferRequest> = {}): TransferRequest {
  return {
    code: 0x00,
    index: 0,
    type: 0x00,
    cashableCents: cents,
    restrictedCents: 0,
    nonRestrictedCents: 0,
    flags: 0,
    assetNumber: 1,
    registrationKey: '0'.repeat(40),
    transactionId: 'RC-1',
    ...overrides,
  };
}
