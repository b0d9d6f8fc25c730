import type { MachineGameOptions } from '@reelcast/engine';
import type { Cabinet } from './cabinet.ts';
import type { CabinetEntry } from './cabinets-file.ts';
import { EmulatedCabinet } from './emulated-cabinet.ts';
import { openSasCabinet, SasCabinetPort } from './sas-cabinet/index.ts';

/**
 * Opens what a machine's cabinet needs before its host loads (a SAS cabinet's serial link and output
 * board) and answers how to make the cabinet from the host's saved snapshot. No entry: the emulator.
 */
export async function cabinetMaker(entry: CabinetEntry | undefined, emulated: MachineGameOptions): Promise<(saved: unknown) => Cabinet> {
  const capture = entry?.video ? ({ kind: 'capture', source: entry.video } as const) : undefined;
  if (!entry || entry.kind === 'emulated') {
    const handPay = entry?.handPay;
    return (saved) => (saved ? EmulatedCabinet.restore(saved, capture, handPay) : EmulatedCabinet.create(emulated, capture, handPay));
  }
  const { machineId: _machineId, kind: _kind, video, ...settings } = entry;
  const sas = await openSasCabinet(settings);
  return (saved) => new SasCabinetPort(sas, { saved, video });
}
