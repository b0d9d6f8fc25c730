import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { UNKNOWN_COUNTRY } from '@reelcast/protocol';
import type { IpAddress } from './ip-address.ts';

/** The two CSV files of DB-IP's IP to Country Lite database (CC BY 4.0) in `@ip-location-db/dbip-country`. */
export function countryDatabaseFiles(): { v4: string; v6: string } {
  const dir = path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/dbip-country/package.json'));
  return { v4: path.join(dir, 'dbip-country-ipv4-num.csv'), v6: path.join(dir, 'dbip-country-ipv6-num.csv') };
}

/** A country code as a number 0..675 (AA..ZZ): a range's country is two bytes, with no table. */
const codeOf = (country: string) => (country.charCodeAt(0) - 65) * 26 + (country.charCodeAt(1) - 65);
const countryOfCode = (code: number) => String.fromCharCode(65 + Math.floor(code / 26), 65 + (code % 26));
const UNKNOWN = codeOf(UNKNOWN_COUNTRY);

/** Lines parsed between two turns of the event loop: a lazy load never holds other requests up for long. */
const LINES_PER_TURN = 20_000;

export interface CountryDatabaseStats {
  /** Ranges kept: neighbours of one country joined, a gap between the database's ranges one 'ZZ' range. */
  v4Ranges: number;
  v6Ranges: number;
  /** Bytes of the typed arrays that hold them. */
  bytes: number;
  /** How long reading and parsing took. */
  loadMs: number;
}

interface V4Table {
  starts: Uint32Array;
  countries: Uint16Array;
}

interface V6Table {
  hi: BigUint64Array;
  lo: BigUint64Array;
  countries: Uint16Array;
}

/**
 * IP → country, from the shipped CSV files, held as sorted range starts searched by bisection: IPv4
 * starts in a Uint32Array, IPv6 starts in two BigUint64Arrays (high and low halves), each start's
 * country in a Uint16Array. A range ends where the next one starts, so only starts are kept: the gaps
 * between the database's ranges (and the space before its first and after its last) are 'ZZ' ranges.
 */
export class CountryDatabase {
  readonly #v4: V4Table;
  readonly #v6: V6Table;
  readonly stats: CountryDatabaseStats;

  private constructor(v4: V4Table, v6: V6Table, loadMs: number) {
    this.#v4 = v4;
    this.#v6 = v6;
    const arrays = [v4.starts, v4.countries, v6.hi, v6.lo, v6.countries];
    this.stats = {
      v4Ranges: v4.starts.length,
      v6Ranges: v6.hi.length,
      bytes: arrays.reduce((sum, array) => sum + array.byteLength, 0),
      loadMs,
    };
  }

  /** Reads and parses the CSV files (`countryDatabaseFiles()` unless told otherwise). */
  static async load(files = countryDatabaseFiles()): Promise<CountryDatabase> {
    const started = performance.now();
    // One file at a time: the first one's text can go before the second is read.
    const v4Text = await fs.readFile(files.v4, 'latin1');
    const v4Capacity = rangesAtMost(v4Text);
    const v4: V4Table = { starts: new Uint32Array(v4Capacity), countries: new Uint16Array(v4Capacity) };
    const v4Count = await parseRanges(v4Text, v4Numbers, (i, start, country) => {
      v4.starts[i] = start;
      v4.countries[i] = country;
    });

    const v6Text = await fs.readFile(files.v6, 'latin1');
    const v6Capacity = rangesAtMost(v6Text);
    const v6: V6Table = { hi: new BigUint64Array(v6Capacity), lo: new BigUint64Array(v6Capacity), countries: new Uint16Array(v6Capacity) };
    const v6Count = await parseRanges(v6Text, v6Numbers, (i, start, country) => {
      v6.hi[i] = start >> 64n;
      v6.lo[i] = BigInt.asUintN(64, start);
      v6.countries[i] = country;
    });

    return new CountryDatabase(
      { starts: v4.starts.slice(0, v4Count), countries: v4.countries.slice(0, v4Count) },
      { hi: v6.hi.slice(0, v6Count), lo: v6.lo.slice(0, v6Count), countries: v6.countries.slice(0, v6Count) },
      performance.now() - started,
    );
  }

  /** The ISO 3166 alpha-2 code of the address, or 'ZZ' where the database places none. */
  countryOf(address: IpAddress): string {
    if (address.family === 4) {
      const { starts, countries } = this.#v4;
      return countryOfCode(countries[lastAtOrBelow(starts.length, (i) => starts[i]! <= address.value)] ?? UNKNOWN);
    }
    const { hi, lo, countries } = this.#v6;
    const index = lastAtOrBelow(hi.length, (i) => hi[i]! < address.hi || (hi[i] === address.hi && lo[i]! <= address.lo));
    return countryOfCode(countries[index] ?? UNKNOWN);
  }
}

/** The last index in [0, length) at which `atOrBelow` holds (it holds on a prefix of the indexes), or -1. */
function lastAtOrBelow(length: number, atOrBelow: (i: number) => boolean): number {
  let low = 0;
  let high = length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (atOrBelow(middle)) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Each line gives at most two ranges (a gap before it, itself), plus the space after the last line. */
function rangesAtMost(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return 2 * lines + 1;
}

interface AddressNumbers<N> {
  parse: (digits: string) => N;
  /** The address after this one. */
  after: (address: N) => N;
  zero: N;
  max: N;
}

const v4Numbers: AddressNumbers<number> = { parse: Number, after: (a) => a + 1, zero: 0, max: 0xffffffff };
const v6Numbers: AddressNumbers<bigint> = { parse: BigInt, after: (a) => a + 1n, zero: 0n, max: (1n << 128n) - 1n };

const digits = /^\d{1,39}$/;
const countryCode = /^[A-Z]{2}$/;

/**
 * Reads `start,end,CC` lines (inclusive ranges, sorted, not overlapping) and hands over each range's
 * start and country, in order: a gap becomes a 'ZZ' range, and a range that goes on from the one
 * before with the same country joins it. Answers how many ranges it handed over.
 */
async function parseRanges<N extends number | bigint>(
  text: string,
  numbers: AddressNumbers<N>,
  store: (index: number, start: N, country: number) => void,
): Promise<number> {
  let count = 0;
  let lastCountry = -1;
  const add = (start: N, country: number) => {
    if (country === lastCountry) return;
    store(count++, start, country);
    lastCountry = country;
  };
  let next = numbers.zero; // the first address after the ranges read so far
  let full = false; // the ranges read so far reach the last address
  let lines = 0;
  for (let at = 0; at < text.length && !full;) {
    let lineEnd = text.indexOf('\n', at);
    if (lineEnd === -1) lineEnd = text.length;
    const [startText = '', endText = '', country = '', ...extra] = text.slice(at, lineEnd).trim().split(',');
    if (!digits.test(startText) || !digits.test(endText) || !countryCode.test(country) || extra.length > 0)
      throw new Error(`country database: not a "start,end,country" line at character ${at}`);
    const start = numbers.parse(startText);
    const end = numbers.parse(endText);
    if (start < next || end < start || end > numbers.max)
      throw new Error(`country database: a range out of order or overlapping at character ${at}`);
    if (start > next) add(next, UNKNOWN);
    add(start, codeOf(country));
    full = end === numbers.max;
    next = numbers.after(end);
    at = lineEnd + 1;
    if (++lines % LINES_PER_TURN === 0) await nextTurn();
  }
  if (!full) add(next, UNKNOWN);
  return count;
}

let shared: Promise<CountryDatabase> | undefined;

/**
 * The database, loaded once per process on the first call (every platform of a process shares it);
 * a load that failed is tried again on the next call.
 */
export function sharedCountryDatabase(): Promise<CountryDatabase> {
  shared ??= CountryDatabase.load().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
