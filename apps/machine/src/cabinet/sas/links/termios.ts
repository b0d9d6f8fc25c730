import koffi from 'koffi';

/**
 * The few termios calls the serial link needs, from libc through koffi: serialport's Linux binding
 * opens a port with parity none, even or odd only and can change nothing but the baud rate later, so
 * the mark/space parity that makes the SAS wakeup bit (docs/sas-test-link.md §1) is set here on the
 * port's file descriptor. Linux <termios.h> values.
 */
export const termiosFlags = {
  IGNPAR: 0o4,
  PARMRK: 0o10,
  INPCK: 0o20,
  ISTRIP: 0o40,
  PARENB: 0o400,
  PARODD: 0o1000,
  CMSPAR: 0o10000000000,
} as const;

export interface Termios {
  c_iflag: number;
  c_oflag: number;
  c_cflag: number;
  c_lflag: number;
  c_line: number;
  c_cc: number[];
  c_ispeed: number;
  c_ospeed: number;
}

/**
 * The line settings for SAS on top of what the port has: stick (mark/space) parity, mark for the wakeup
 * bit and space for the other characters; parity checked on input and a damaged character marked
 * (0xFF 0x00 before it) instead of dropped, so the host sees a line error where it happened.
 */
export function sasLineSettings(current: Termios, wakeup: boolean): Termios {
  const { IGNPAR, PARMRK, INPCK, ISTRIP, PARENB, PARODD, CMSPAR } = termiosFlags;
  const c_iflag = ((current.c_iflag & ~(IGNPAR | ISTRIP)) | INPCK | PARMRK) >>> 0;
  const stick = (current.c_cflag | PARENB | CMSPAR) >>> 0;
  const c_cflag = (wakeup ? stick | PARODD : stick & ~PARODD) >>> 0;
  return { ...current, c_iflag, c_cflag };
}

const TCSANOW = 0;
const TCSADRAIN = 1;

let calls: { get: (fd: number, out: Partial<Termios>) => number; set: (fd: number, when: number, t: Termios) => number } | undefined;

function libc() {
  if (!calls) {
    const lib = koffi.load('libc.so.6');
    const termios = koffi.struct('termios', {
      c_iflag: 'uint32',
      c_oflag: 'uint32',
      c_cflag: 'uint32',
      c_lflag: 'uint32',
      c_line: 'uint8',
      c_cc: koffi.array('uint8', 32),
      c_ispeed: 'uint32',
      c_ospeed: 'uint32',
    });
    const get = lib.func('tcgetattr', 'int', ['int', koffi.out(koffi.pointer(termios))]);
    const set = lib.func('tcsetattr', 'int', ['int', 'int', koffi.pointer(termios)]);
    calls = { get: (fd, out) => get(fd, out) as number, set: (fd, when, t) => set(fd, when, t) as number };
  }
  return calls;
}

export function readTermios(fd: number): Termios {
  const out: Partial<Termios> = {};
  if (libc().get(fd, out) !== 0) throw new Error(`tcgetattr failed (errno ${koffi.errno()})`);
  return out as Termios;
}

/** `drain`: the change waits until what was written has left the port (TCSADRAIN). */
export function writeTermios(fd: number, settings: Termios, when: 'now' | 'drain'): void {
  if (libc().set(fd, when === 'drain' ? TCSADRAIN : TCSANOW, settings) !== 0) {
    throw new Error(`tcsetattr failed (errno ${koffi.errno()})`);
  }
}
