import { decodeBcd, SasFormatError } from '../bcd.ts';
import { withCrc } from '../crc.ts';

/**
 * How long the answer to a poll is (SAS 6.02 §2.2.2): a type S poll without data is acknowledged by
 * the address alone; other answers have a fixed length or carry their length in the third byte.
 */
export type AnswerShape = { kind: 'ack' } | { kind: 'fixed'; length: number } | { kind: 'variable' };

/** One long poll: the frame the host sends and how it reads the machine's answer. */
export interface LongPoll<T> {
  /** For logs and errors, e.g. "1A current credits". */
  readonly name: string;
  readonly command: number;
  readonly answer: AnswerShape;
  frame(address: number): Uint8Array;
  /** Reads a whole answer (address, command and CRC already checked); throws SasFormatError. */
  parse(answer: Uint8Array): T;
}

/** Type R: the address and the command, no CRC. */
export const typeR = (address: number, command: number) => Uint8Array.from([address, command]);

/** Type S: address, command, [length,] data and the CRC. */
export function typeS(address: number, command: number, data: readonly number[], withLength: boolean): Uint8Array {
  return withCrc(withLength ? [address, command, data.length, ...data] : [address, command, ...data]);
}

/** Binary fields are sent least significant byte first (§2.2.3). */
export function binaryLe(value: number, length: number): number[] {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 2 ** (8 * length))
    throw new RangeError(`${value} does not fit ${length} bytes`);
  return Array.from({ length }, (_, i) => Math.floor(value / 2 ** (8 * i)) % 256);
}

/** Reads an answer's fields in order; running past its end is a format error. */
export class FieldReader {
  #at: number;
  readonly #end: number;

  constructor(
    readonly bytes: Uint8Array,
    start: number,
    end = bytes.length - 2,
  ) {
    this.#at = start;
    this.#end = end;
  }

  get remaining(): number {
    return this.#end - this.#at;
  }

  take(length: number): Uint8Array {
    if (length > this.remaining) throw new SasFormatError(`answer ends ${length - this.remaining} byte(s) early`);
    const field = this.bytes.subarray(this.#at, this.#at + length);
    this.#at += length;
    return field;
  }

  byte = () => this.take(1)[0]!;
  bcd = (length: number) => decodeBcd(this.take(length));
  binary = (length: number) => this.take(length).reduceRight((value, byte) => value * 256 + byte, 0);
  ascii = (length: number) => String.fromCharCode(...this.take(length));
}

/** The data of a variable-length answer: after address, command and length, up to the CRC. */
export function variableData(answer: Uint8Array): FieldReader {
  const reader = new FieldReader(answer, 3);
  if (reader.remaining !== answer[2]) throw new SasFormatError(`length byte ${answer[2]} does not match ${reader.remaining} data bytes`);
  return reader;
}
