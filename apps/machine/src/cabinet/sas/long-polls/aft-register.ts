import { SasFormatError } from '../bcd.ts';
import { binaryLe, typeS, variableData, type LongPoll } from './long-poll.ts';

/** Registration codes of long poll 73 (§8.1). */
export const RegistrationCode = { initialize: 0x00, register: 0x01, requestOperatorAck: 0x40, unregister: 0x80, read: 0xff } as const;
/** Registration status in the answer. */
export const RegistrationStatus = { ready: 0x00, registered: 0x01, pendingOperatorAck: 0x40, notRegistered: 0x80 } as const;

export interface AftIdentity {
  /** The machine's asset number (4 bytes binary, non-zero for AFT). */
  assetNumber: number;
  /** 20 bytes. */
  registrationKey: Uint8Array;
  /** Point-of-sale terminal id (4 bytes binary). */
  posId: number;
}

export interface AftRegistration extends AftIdentity {
  status: number;
}

/**
 * Long poll 73 "AFT register gaming machine": codes 00 (initialise) and 01 (register) carry the asset
 * number, registration key and POS ID (length 1D); the others carry the code alone (length 01).
 */
export function aftRegister(code: number, identity?: AftIdentity): LongPoll<AftRegistration> {
  const withIdentity = code === RegistrationCode.initialize || code === RegistrationCode.register;
  if (withIdentity && !identity) throw new Error('73 codes 00 and 01 need the asset number, registration key and POS ID');
  if (identity && identity.registrationKey.length !== 20) throw new RangeError('the AFT registration key is 20 bytes');
  const data =
    withIdentity && identity
      ? [code, ...binaryLe(identity.assetNumber, 4), ...identity.registrationKey, ...binaryLe(identity.posId, 4)]
      : [code];
  return {
    name: `73 AFT registration (${code.toString(16).padStart(2, '0')})`,
    command: 0x73,
    answer: { kind: 'variable' },
    frame: (address) => typeS(address, 0x73, data, true),
    parse(answer) {
      const fields = variableData(answer);
      const registration = {
        status: fields.byte(),
        assetNumber: fields.binary(4),
        registrationKey: Uint8Array.from(fields.take(20)),
        posId: fields.binary(4),
      };
      if (fields.remaining !== 0) throw new SasFormatError('73 answer longer than its fields');
      return registration;
    },
  };
}
