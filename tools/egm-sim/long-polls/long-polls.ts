import { withCrc } from '../link/crc.ts';
import type { Answer } from '../link/sas-session.ts';
import type { Cabinet } from '../machine/cabinet.ts';
import { lockAndStatus, registerMachine, transferFunds } from './aft-polls.ts';
import { sendHandPayInfo, sendMachineInfo, sendVersion } from './info-polls.ts';
import { sendExtendedMeters, sendMeters10To15, sendSelectedMeters, sendSingleMeter } from './meter-polls.ts';

const RemoteResetCode = { Reset: 0x00, NotInHandPay: 0x02 } as const;

const bytesOrNull = (bytes: Uint8Array | null): Answer | null => (bytes === null ? null : { bytes });

/** The answer to one long poll addressed to this machine (its CRC already checked), or null to ignore it. */
export function answerLongPoll(cabinet: Cabinet, frame: Uint8Array, requestPowerLoss: (offMs: number | null) => void): Answer | null {
  const { address } = cabinet.config;
  const { state } = cabinet;
  const command = frame[1]!;
  switch (command) {
    case 0x01:
    case 0x02:
      cabinet.setPlayEnabled(command === 0x02);
      // Commands without data are acknowledged with the address alone.
      return { bytes: Uint8Array.of(address) };
    case 0x0f:
      return { bytes: sendMeters10To15(address, state) };
    case 0x1b:
      return { bytes: sendHandPayInfo(address, state), onAck: () => cabinet.handPayInfoRead() };
    case 0x1f:
      return { bytes: sendMachineInfo(address, cabinet.config) };
    case 0x2f:
      return bytesOrNull(sendSelectedMeters(address, frame, state));
    case 0x54:
      return { bytes: sendVersion(address, cabinet.config) };
    case 0x6f:
    case 0xaf:
      return bytesOrNull(sendExtendedMeters(address, frame, state));
    case 0x72:
      return transferFunds(cabinet, frame, requestPowerLoss);
    case 0x73:
      return registerMachine(cabinet, frame);
    case 0x74:
      return lockAndStatus(cabinet, frame);
    case 0x94: {
      const code = cabinet.resetHandPay() ? RemoteResetCode.Reset : RemoteResetCode.NotInHandPay;
      return { bytes: withCrc(Uint8Array.from([address, 0x94, code])) };
    }
    default:
      return bytesOrNull(sendSingleMeter(address, command, state));
  }
}
