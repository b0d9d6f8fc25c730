import type { SerialPort } from 'serialport';
import type { LinuxPortBinding } from '@serialport/bindings-cpp';
import type { SasLink } from '../link.ts';
import { closePort, openPort, writeAll } from '../../serial-port.ts';
import { ParityMarkDecoder } from './parity-marks.ts';
import { linkOnPort } from './port-link.ts';
import { readTermios, sasLineSettings, termiosFlags, writeTermios } from './termios.ts';

/** A serial line whose ninth bit the link sets before writing (mark parity on, off). */
export interface WakeupLine {
  setWakeup(on: boolean): void;
  write(bytes: Uint8Array): Promise<void>;
}

/** The port's own line: mark/space parity by termios on its file descriptor. */
export function termiosLine(port: SerialPort): WakeupLine {
  const fd = (port.port as LinuxPortBinding | undefined)?.fd;
  if (typeof fd !== 'number') throw new Error(`${port.path} is not open on Linux`);
  const base = readTermios(fd);
  const mark = sasLineSettings(base, true);
  const space = sasLineSettings(base, false);
  return {
    setWakeup: (on) => writeTermios(fd, on ? mark : space, 'drain'),
    write: (bytes) => writeAll(port, bytes),
  };
}

/**
 * The SAS link on a real port (docs/sas-test-link.md §1): the address byte goes out with mark parity,
 * the rest with space parity, each switch waiting until the bytes before it have left the UART.
 */
export function serialLink(port: SerialPort, line: WakeupLine): SasLink {
  return linkOnPort(port, new ParityMarkDecoder(), async (frame) => {
    line.setWakeup(true);
    await line.write(frame.subarray(0, 1));
    line.setWakeup(false);
    if (frame.length > 1) await line.write(frame.subarray(1));
  });
}

/**
 * Opens a serial port for SAS and checks that the driver kept stick parity: an adapter without CMSPAR,
 * or a pseudo-terminal (which carries no parity at all), cannot make the wakeup bit, and is refused.
 */
export async function openSerialLink(path: string): Promise<SasLink> {
  const port = await openPort(path);
  try {
    const line = termiosLine(port);
    line.setWakeup(false);
    const fd = (port.port as LinuxPortBinding).fd!;
    const kept = readTermios(fd).c_cflag;
    const missing = (['PARENB', 'CMSPAR'] as const).filter((flag) => (kept & termiosFlags[flag]) === 0);
    if (missing.length > 0) {
      throw new Error(`${path} does not keep mark/space parity (${missing.join(', ')} refused): it cannot carry the SAS wakeup bit`);
    }
    return serialLink(port, line);
  } catch (error) {
    await closePort(port);
    throw error;
  }
}
