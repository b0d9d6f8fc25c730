import { fromBcd, toBcd } from '../link/bcd.ts';
import { withCrc } from '../link/crc.ts';
import { readMeter, SINGLE_METER_POLLS } from '../machine/meters.ts';
import type { NvramState } from '../machine/state.ts';

/** A meter that outgrows its field rolls over, as a mechanical meter would. */
const meterBcd = (value: number, size: number): Uint8Array => toBcd(value % 10 ** (2 * size), size);
const bcd4 = (value: number): Uint8Array => meterBcd(value, 4);

/** Long poll 0F: canceled credits, coin in, coin out, drop, jackpot, games played (4-byte BCD each). */
export function sendMeters10To15(address: number, state: NvramState): Uint8Array {
  const { meters } = state;
  const values = [meters.cancelledCredits, meters.coinIn, meters.coinOut, meters.drop, meters.jackpot, meters.gamesPlayed];
  return withCrc(Uint8Array.from([address, 0x0f, ...values.flatMap((value) => [...bcd4(value)])]));
}

/** Long polls 10 to 17 (one meter each) and 1A (current credits). */
export function sendSingleMeter(address: number, command: number, state: NvramState): Uint8Array | null {
  const read = command === 0x1a ? (s: NvramState) => s.credits : SINGLE_METER_POLLS.get(command);
  return read === undefined ? null : withCrc(Uint8Array.from([address, command, ...bcd4(read(state))]));
}

/**
 * Long poll 2F: game number (2-byte BCD, 0000 for the machine; this machine has one game, 0001) and up to ten
 * one-byte meter codes; the answer repeats each supported code with its value at its minimum size. Codes this
 * machine does not keep are left out of the answer.
 */
export function sendSelectedMeters(address: number, frame: Uint8Array, state: NvramState): Uint8Array | null {
  const game = fromBcd(frame.subarray(3, 5));
  if (game === null || game > 1) return null;
  const body: number[] = [...frame.subarray(3, 5)];
  for (const code of frame.subarray(5, frame.length - 2)) {
    const meter = readMeter(state, code);
    if (meter !== null) body.push(code, ...meterBcd(meter.value, meter.size));
  }
  return withCrc(Uint8Array.from([address, 0x2f, body.length, ...body]));
}

/**
 * Long polls 6F and AF (its alternate, so two meter reads in a row are not taken for a retry): two-byte meter codes
 * (least significant first), each answered with its code, a size byte and the value; size 0 for a meter this
 * machine does not keep.
 */
export function sendExtendedMeters(address: number, frame: Uint8Array, state: NvramState): Uint8Array | null {
  const command = frame[1]!;
  const game = fromBcd(frame.subarray(3, 5));
  const codes = frame.subarray(5, frame.length - 2);
  if (game === null || game > 1 || codes.length % 2 !== 0) return null;
  const body: number[] = [...frame.subarray(3, 5)];
  for (let i = 0; i < codes.length; i += 2) {
    const code = codes[i]! | (codes[i + 1]! << 8);
    const meter = code > 0xff ? null : readMeter(state, code);
    body.push(codes[i]!, codes[i + 1]!);
    if (meter === null) body.push(0);
    else body.push(meter.size, ...meterBcd(meter.value, meter.size));
  }
  return withCrc(Uint8Array.from([address, command, body.length, ...body]));
}
