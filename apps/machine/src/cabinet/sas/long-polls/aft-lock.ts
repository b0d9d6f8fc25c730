import { encodeBcd, SasFormatError } from '../bcd.ts';
import { typeS, variableData, type LongPoll } from './long-poll.ts';

/** Lock codes of long poll 74 (§8.2). */
export const LockCode = { requestLock: 0x00, cancel: 0x80, interrogate: 0xff } as const;
/** Game lock status in the answer. */
export const LockStatus = { locked: 0x00, pending: 0x40, notLocked: 0xff } as const;
/** Transfer conditions the lock is asked for (a bit each). */
export const TransferCondition = { toMachine: 0x01, fromMachine: 0x02, toPrinter: 0x04, bonusToMachine: 0x08 } as const;

export interface AftStatus {
  assetNumber: number;
  lockStatus: number;
  availableTransfers: number;
  hostCashoutStatus: number;
  aftStatus: number;
  /** The last position of the transfer history buffer. */
  maxBufferIndex: number;
  /** Amounts in cents. */
  cashable: number;
  restricted: number;
  nonrestricted: number;
  transferLimit: number;
  restrictedExpiration: number;
  restrictedPoolId: number;
}

/**
 * Long poll 74 "AFT game lock and status request": lock code, the transfer conditions, and the lock
 * timeout in hundredths of a second (2 BCD); no length byte. The answer tells the lock and the credit.
 */
export function aftLock(lockCode: number, conditions = 0, timeoutMs = 0): LongPoll<AftStatus> {
  const data = [lockCode, conditions, ...encodeBcd(Math.round(timeoutMs / 10), 2)];
  return {
    name: `74 AFT lock and status (${lockCode.toString(16).padStart(2, '0')})`,
    command: 0x74,
    answer: { kind: 'variable' },
    frame: (address) => typeS(address, 0x74, data, false),
    parse(answer) {
      const fields = variableData(answer);
      const status: AftStatus = {
        assetNumber: fields.binary(4),
        lockStatus: fields.byte(),
        availableTransfers: fields.byte(),
        hostCashoutStatus: fields.byte(),
        aftStatus: fields.byte(),
        maxBufferIndex: fields.byte(),
        cashable: fields.bcd(5),
        restricted: fields.bcd(5),
        nonrestricted: fields.bcd(5),
        transferLimit: fields.bcd(5),
        restrictedExpiration: fields.bcd(4),
        restrictedPoolId: fields.binary(2),
      };
      if (fields.remaining !== 0) throw new SasFormatError('74 answer longer than its fields');
      return status;
    },
  };
}
