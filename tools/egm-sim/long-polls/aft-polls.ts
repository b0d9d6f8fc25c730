import {
  encodeLockAnswer,
  encodeNoInformation,
  encodeRegistration,
  encodeShortTransfer,
  encodeTransfer,
  parseLockPoll,
  parseRegistrationPoll,
  parseTransferPoll,
} from '../aft/aft-codec.ts';
import { TransferStatus } from '../aft/aft-machine.ts';
import { isRegistered, register } from '../aft/registration.ts';
import type { TransferReply } from '../aft/transfers.ts';
import type { Answer } from '../link/sas-session.ts';
import type { Cabinet } from '../machine/cabinet.ts';

const LockCode = { Request: 0x00, Cancel: 0x80, Interrogate: 0xff } as const;

/** Long poll 72. null: no answer (the power went in the middle of the transfer). */
export function transferFunds(cabinet: Cabinet, frame: Uint8Array, requestPowerLoss: (offMs: number | null) => void): Answer | null {
  const address = cabinet.config.address;
  const poll = parseTransferPoll(frame);
  let reply: TransferReply;
  switch (poll.kind) {
    case 'malformed':
      return { bytes: encodeShortTransfer(address, TransferStatus.NotValidFunction) };
    case 'unsupported':
      return { bytes: encodeShortTransfer(address, TransferStatus.UnsupportedCode) };
    case 'cancel':
      reply = cabinet.transfers.cancel();
      break;
    case 'interrogate':
      reply = cabinet.transfers.interrogate(poll.index, poll.acknowledge);
      break;
    case 'transfer':
      reply = cabinet.transfers.request(poll.request);
      break;
  }
  switch (reply.kind) {
    case 'powerLoss':
      requestPowerLoss(reply.offMs);
      return null;
    case 'short':
      return { bytes: encodeShortTransfer(address, reply.status) };
    case 'noInformation':
      return { bytes: encodeNoInformation(address, reply.index) };
    case 'record':
      return { bytes: encodeTransfer(address, reply.record), onAck: reply.onAck };
  }
}

/** Long poll 73: act on the registration code, then report the registration. */
export function registerMachine(cabinet: Cabinet, frame: Uint8Array): Answer | null {
  const poll = parseRegistrationPoll(frame);
  if (poll === null) return null;
  register(cabinet, poll.code, poll.assetNumber, poll.key, poll.posId);
  cabinet.commit();
  const { status, key, posId } = cabinet.state.aft.registration;
  return { bytes: encodeRegistration(cabinet.config.address, status, cabinet.config.assetNumber, key, posId) };
}

/** Long poll 74: request or cancel the game lock, then report it with what may be transferred now. */
export function lockAndStatus(cabinet: Cabinet, frame: Uint8Array): Answer | null {
  const { lockCode, conditions, timeoutHundredths } = parseLockPoll(frame);
  if (lockCode === LockCode.Request) {
    if (timeoutHundredths === null) return null;
    cabinet.lock.request(conditions, timeoutHundredths);
  } else if (lockCode === LockCode.Cancel) {
    cabinet.lock.release();
  } else if (lockCode !== LockCode.Interrogate) {
    return null;
  }
  const { config, state } = cabinet;
  const creditsCents = state.credits * config.denominationCents;
  const aftStatus = 0x80 | 0x10 | 0x02 | (isRegistered(cabinet) ? 0x08 : 0);
  return {
    bytes: encodeLockAnswer(config.address, {
      assetNumber: config.assetNumber,
      lockStatus: cabinet.lock.lockStatus,
      availableTransfers: cabinet.lock.availableTransfers(),
      // Cash-out to the host is the machine's choice (bit 0 clear); bit 1: it is on.
      hostCashOutStatus: config.cashOutTo === 'host' ? 0x02 : 0x00,
      aftStatus,
      maxBufferIndex: config.historySize,
      cashableCents: creditsCents,
      transferLimitCents: Math.max(0, Math.min(config.transferLimitCents, config.creditLimitCents - creditsCents)),
    }),
  };
}
