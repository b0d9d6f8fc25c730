import { fromBcd, fromLittleEndian, toBcd, toLittleEndian } from '../link/bcd.ts';
import { withCrc } from '../link/crc.ts';
import type { Transfer } from '../machine/state.ts';
import { TransferStatus } from './aft-machine.ts';
import { TransferCode, type TransferPoll } from './transfer-request.ts';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/**
 * Reads a long poll 72 (SAS 6.02 Table 8.3a): address, 72, length, transfer code, transaction index, transfer type,
 * three 5-byte BCD amounts in cents, flags, asset number (4, least significant first), registration key (20),
 * transaction ID length and text; the expiration, pool ID, receipt data and lock timeout after it are not used.
 */
export function parseTransferPoll(frame: Uint8Array): TransferPoll {
  const data = frame.subarray(3, frame.length - 2);
  const code = data[0];
  if (code === undefined) return { kind: 'malformed' };
  if (code === TransferCode.Cancel) return { kind: 'cancel' };
  if (code === TransferCode.Interrogate || code === TransferCode.InterrogateStatusOnly) {
    const index = data[1];
    if (index === undefined) return { kind: 'malformed' };
    return { kind: 'interrogate', acknowledge: code === TransferCode.Interrogate, index };
  }
  if (code !== TransferCode.Full && code !== TransferCode.PartialAllowed) return { kind: 'unsupported', code };
  if (data.length < 44) return { kind: 'malformed' };
  const idLength = data[43]!;
  if (data.length < 44 + idLength) return { kind: 'malformed' };
  const id = Buffer.from(data.subarray(44, 44 + idLength)).toString('latin1');
  return {
    kind: 'transfer',
    request: {
      code,
      index: data[1]!,
      type: data[2]!,
      cashableCents: fromBcd(data.subarray(3, 8)),
      restrictedCents: fromBcd(data.subarray(8, 13)),
      nonRestrictedCents: fromBcd(data.subarray(13, 18)),
      flags: data[18]!,
      assetNumber: fromLittleEndian(data.subarray(19, 23)),
      registrationKey: hex(data.subarray(23, 43)),
      transactionId: idLength === 0 ? null : id,
    },
  };
}

function frameWithLength(address: number, command: number, body: number[]): Uint8Array {
  return withCrc(Uint8Array.from([address, command, body.length, ...body]));
}

/** The short answer: transaction buffer position and status only (C0, C1). */
export function encodeShortTransfer(address: number, status: number): Uint8Array {
  return frameWithLength(address, 0x72, [0, status]);
}

/** No transfer at that position: position, status FF, receipt status FF. */
export function encodeNoInformation(address: number, index: number): Uint8Array {
  return frameWithLength(address, 0x72, [index, TransferStatus.NoInformation, 0xff]);
}

/** The full answer of SAS 6.02 Table 8.3b for one transfer record. */
export function encodeTransfer(address: number, record: Transfer): Uint8Array {
  const final = record.status !== TransferStatus.Pending;
  const at = record.completedAt === null || !final ? null : new Date(record.completedAt);
  const date = at === null ? 0 : (at.getMonth() + 1) * 1_000_000 + at.getDate() * 10_000 + at.getFullYear();
  const time = at === null ? 0 : at.getHours() * 10_000 + at.getMinutes() * 100 + at.getSeconds();
  const id = Buffer.from(record.transactionId, 'latin1');
  // A cumulative meter that outgrows its 5 bytes rolls over, as the machine's meters do.
  const meter = (cents: number): number[] => (record.cumulativeCents === null || !final ? [0] : [5, ...toBcd(cents % 10 ** 10, 5)]);
  return frameWithLength(address, 0x72, [
    record.position,
    record.status,
    0xff, // no receipt
    record.type,
    ...toBcd(record.cashableCents, 5),
    ...toBcd(0, 5),
    ...toBcd(0, 5),
    record.flags,
    ...toLittleEndian(record.assetNumber, 4),
    id.length,
    ...id,
    ...toBcd(date, 4),
    ...toBcd(time, 3),
    ...toBcd(0, 4), // expiration
    0,
    0, // pool ID
    ...meter(record.cumulativeCents ?? 0),
    ...meter(0),
    ...meter(0),
  ]);
}

/** Long poll 73: registration code, then (length 1D) asset number, registration key and POS ID. */
export function parseRegistrationPoll(frame: Uint8Array): { code: number; assetNumber: number; key: string; posId: number } | null {
  const data = frame.subarray(3, frame.length - 2);
  const code = data[0];
  if (code === undefined) return null;
  if (data.length === 1) return { code, assetNumber: 0, key: '0'.repeat(40), posId: 0 };
  if (data.length < 29) return null;
  return {
    code,
    assetNumber: fromLittleEndian(data.subarray(1, 5)),
    key: hex(data.subarray(5, 25)),
    posId: fromLittleEndian(data.subarray(25, 29)),
  };
}

export function encodeRegistration(address: number, status: number, assetNumber: number, key: string, posId: number): Uint8Array {
  return frameWithLength(address, 0x73, [
    status,
    ...toLittleEndian(assetNumber, 4),
    ...Buffer.from(key, 'hex'),
    ...toLittleEndian(posId, 4),
  ]);
}

/** Long poll 74: lock code, transfer conditions, lock timeout (2-byte BCD, hundredths of a second). */
export function parseLockPoll(frame: Uint8Array): { lockCode: number; conditions: number; timeoutHundredths: number | null } {
  return { lockCode: frame[2]!, conditions: frame[3]!, timeoutHundredths: fromBcd(frame.subarray(4, 6)) };
}

export interface LockAnswer {
  assetNumber: number;
  lockStatus: number;
  availableTransfers: number;
  hostCashOutStatus: number;
  aftStatus: number;
  maxBufferIndex: number;
  cashableCents: number;
  transferLimitCents: number;
}

/** The answer of long poll 74 (length 0x23). */
export function encodeLockAnswer(address: number, answer: LockAnswer): Uint8Array {
  return frameWithLength(address, 0x74, [
    ...toLittleEndian(answer.assetNumber, 4),
    answer.lockStatus,
    answer.availableTransfers,
    answer.hostCashOutStatus,
    answer.aftStatus,
    answer.maxBufferIndex,
    ...toBcd(answer.cashableCents, 5),
    ...toBcd(0, 5), // restricted
    ...toBcd(0, 5), // non-restricted
    ...toBcd(answer.transferLimitCents, 5),
    ...toBcd(0, 4), // restricted expiration
    0,
    0, // restricted pool ID
  ]);
}
