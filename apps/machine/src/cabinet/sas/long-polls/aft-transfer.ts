import { encodeBcd, SasFormatError } from '../bcd.ts';
import { binaryLe, typeS, variableData, type FieldReader, type LongPoll } from './long-poll.ts';

/** Transfer codes of long poll 72 (§8.3). */
export const TransferCode = { fullOnly: 0x00, partialAllowed: 0x01, cancel: 0x80, interrogate: 0xff } as const;
/** The transfer types Reelcast uses: in-house cashable credit to the machine, and from it to the host. */
export const TransferType = { inHouseToMachine: 0x00, inHouseToHost: 0x80 } as const;
/** Transfer flags: bit 6 makes the machine refuse (94) unless it is locked by long poll 74. */
export const TransferFlag = { acceptOnlyIfLocked: 0x40 } as const;

/** What a transfer status code says, by its top three bits (§8.3). */
export type TransferStatusKind = 'completed' | 'pending' | 'failed' | 'incompatible' | 'no-information';

export function transferStatusKind(status: number): TransferStatusKind {
  switch (status >> 5) {
    case 0b000:
      return 'completed';
    case 0b010:
      return 'pending';
    case 0b100:
      return 'failed';
    case 0b110:
      return 'incompatible';
    case 0b111:
      return 'no-information';
    default:
      return 'failed';
  }
}

export interface TransferRequest {
  transferType: number;
  /** Cents. */
  cashable: number;
  flags: number;
  assetNumber: number;
  registrationKey: Uint8Array;
  /** 1 to 20 printable ASCII characters. */
  transactionId: string;
}

/** A transfer as the machine reports it; a status without a transfer ends after `status`. */
export interface TransferRecord {
  bufferPosition: number;
  status: number;
  details?: {
    receiptStatus: number;
    transferType: number;
    cashable: number;
    restricted: number;
    nonrestricted: number;
    flags: number;
    assetNumber: number;
    transactionId: string;
    /** MMDDYYYY and HHMMSS as BCD numbers, zero while pending. */
    date: number;
    time: number;
  };
}

export function isTransactionId(id: string): boolean {
  return id.length >= 1 && id.length <= 20 && /^[\x20-\x7e]+$/.test(id);
}

/**
 * Long poll 72 "AFT transfer funds", full transfer only, cashable credit only: no expiration, pool,
 * receipt or lock after transfer. The request ends with the receipt data length, as real hosts send it
 * (docs/sas-test-link.md §5).
 */
export function aftTransfer(request: TransferRequest): LongPoll<TransferRecord> {
  if (!isTransactionId(request.transactionId)) throw new RangeError('an AFT transaction id is 1 to 20 printable ASCII characters');
  if (request.registrationKey.length !== 20) throw new RangeError('the AFT registration key is 20 bytes');
  const data = [
    TransferCode.fullOnly,
    0x00, // transaction index: a new transfer
    request.transferType,
    ...encodeBcd(request.cashable, 5),
    ...encodeBcd(0, 5), // restricted
    ...encodeBcd(0, 5), // nonrestricted
    request.flags,
    ...binaryLe(request.assetNumber, 4),
    ...request.registrationKey,
    request.transactionId.length,
    ...[...request.transactionId].map((char) => char.charCodeAt(0)),
    ...encodeBcd(0, 4), // expiration
    0x00,
    0x00, // pool id
    0x00, // receipt data length; no lock timeout, as no lock after transfer is asked (docs/sas.md)
  ];
  return transferPoll('72 AFT transfer', data);
}

/** Long poll 72 interrogation: index 0 is the current or last transfer, 1-7F a history position. */
export function aftInterrogate(transactionIndex = 0): LongPoll<TransferRecord> {
  return transferPoll(`72 AFT interrogation (${transactionIndex})`, [TransferCode.interrogate, transactionIndex]);
}

function transferPoll(name: string, data: number[]): LongPoll<TransferRecord> {
  return {
    name,
    command: 0x72,
    answer: { kind: 'variable' },
    frame: (address) => typeS(address, 0x72, data, true),
    parse: (answer) => readRecord(variableData(answer)),
  };
}

function readRecord(fields: FieldReader): TransferRecord {
  const record: TransferRecord = { bufferPosition: fields.byte(), status: fields.byte() };
  if (fields.remaining === 0) return record;
  // "No transfer information": position, status FF and the receipt status (FF), length 03.
  if (record.status === 0xff && fields.remaining === 1) {
    fields.byte();
    return record;
  }
  const receiptStatus = fields.byte();
  const transferType = fields.byte();
  const cashable = fields.bcd(5);
  const restricted = fields.bcd(5);
  const nonrestricted = fields.bcd(5);
  const flags = fields.byte();
  const assetNumber = fields.binary(4);
  const transactionId = fields.ascii(fields.byte());
  const date = fields.bcd(4);
  const time = fields.bcd(3);
  fields.take(4 + 2); // expiration, pool id
  // The cumulative meters for this transfer type: three (size, BCD value) pairs.
  for (let meter = 0; meter < 3 && fields.remaining > 0; meter++) fields.take(fields.byte());
  if (fields.remaining !== 0) throw new SasFormatError('72 answer longer than its fields');
  record.details = { receiptStatus, transferType, cashable, restricted, nonrestricted, flags, assetNumber, transactionId, date, time };
  return record;
}
