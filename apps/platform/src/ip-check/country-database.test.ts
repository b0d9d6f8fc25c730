import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountryDatabase, countryDatabaseFiles } from './country-database.ts';
import { parseIp } from './ip-address.ts';

/** The shipped database's rows, as the tests pick their addresses from it. */
interface Row {
  start: bigint;
  end: bigint;
  country: string;
}
const readRows = (file: string): Row[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [start = '', end = '', country = ''] = line.split(',');
      return { start: BigInt(start), end: BigInt(end), country };
    });

const v4Text = (n: bigint) => [24n, 16n, 8n, 0n].map((shift) => (n >> shift) & 255n).join('.');
const v6Text = (n: bigint) => Array.from({ length: 8 }, (_, i) => ((n >> BigInt(112 - 16 * i)) & 0xffffn).toString(16)).join(':');

let database: CountryDatabase;
let v4Rows: Row[];
let v6Rows: Row[];
beforeAll(async () => {
  database = await CountryDatabase.load();
  const files = countryDatabaseFiles();
  v4Rows = readRows(files.v4);
  v6Rows = readRows(files.v6);
});

const countryOf = (text: string) => database.countryOf(parseIp(text)!);
/** A row of `country` from the middle of the file's rows of that country. */
const rowOf = (rows: Row[], country: string) => {
  const ofCountry = rows.filter((row) => row.country === country);
  return ofCountry[Math.floor(ofCountry.length / 2)]!;
};

describe('the shipped database (DB-IP country lite)', () => {
  it.each(['TR', 'DE', 'US', 'JP', 'BR', 'ZA'])('places the first, middle and last IPv4 address of a %s row', (country) => {
    const row = rowOf(v4Rows, country);
    for (const n of [row.start, (row.start + row.end) / 2n, row.end]) expect(countryOf(v4Text(n)), v4Text(n)).toBe(country);
  });

  it.each(['TR', 'DE', 'US', 'JP', 'BR', 'ZA'])('places the first, middle and last IPv6 address of a %s row', (country) => {
    const row = rowOf(v6Rows, country);
    for (const n of [row.start, (row.start + row.end) / 2n, row.end]) expect(countryOf(v6Text(n)), v6Text(n)).toBe(country);
  });

  it('looks up an IPv4-mapped IPv6 address as the IPv4 address', () => {
    const row = rowOf(v4Rows, 'TR');
    expect(countryOf(`::ffff:${v4Text(row.start)}`)).toBe('TR');
    expect(countryOf(`::ffff:${v4Text(row.end)}`)).toBe('TR');
  });

  it('agrees with every row of both files at both ends of the row', () => {
    const wrong: string[] = [];
    for (const row of v4Rows)
      for (const n of [row.start, row.end]) if (countryOf(v4Text(n)) !== row.country) wrong.push(`${v4Text(n)} ${row.country}`);
    for (const row of v6Rows)
      for (const n of [row.start, row.end]) if (countryOf(v6Text(n)) !== row.country) wrong.push(`${v6Text(n)} ${row.country}`);
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(v4Rows.length).toBeGreaterThan(100_000);
    expect(v6Rows.length).toBeGreaterThan(100_000);
  });

  it("gives 'ZZ' where the database places nothing: reserved, documentation, multicast and the space outside 2000::/3", () => {
    for (const text of ['0.0.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '240.0.0.1', '255.255.255.255'])
      expect(countryOf(text), text).toBe('ZZ');
    for (const text of ['::', '2001:db8::1', '3000::1', 'ff02::1', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'])
      expect(countryOf(text), text).toBe('ZZ');
  });

  it('holds its ranges in typed arrays of a few megabytes, with the counts it reports', () => {
    expect(database.stats.v4Ranges).toBeGreaterThan(100_000);
    expect(database.stats.v6Ranges).toBeGreaterThan(100_000);
    // 4 + 2 bytes a v4 range, 8 + 8 + 2 a v6 range.
    expect(database.stats.bytes).toBe(database.stats.v4Ranges * 6 + database.stats.v6Ranges * 18);
  });
});

describe('CountryDatabase.load on other files', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'country-db-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    return file;
  };
  const emptyV6 = () => write('v6-empty.csv', '');

  it("joins neighbouring ranges of one country and fills gaps, before the first row and after the last, with 'ZZ'", async () => {
    const v4 = write('v4.csv', ['16777216,16777471,AU', '16777472,16777727,AU', '16777984,16778239,CN', ''].join('\n'));
    const small = await CountryDatabase.load({ v4, v6: emptyV6() });
    expect(small.stats.v4Ranges).toBe(5); // ZZ, AU (two rows), ZZ, CN, ZZ
    expect(small.countryOf(parseIp('0.255.255.255')!)).toBe('ZZ');
    expect(small.countryOf(parseIp('1.0.0.0')!)).toBe('AU');
    expect(small.countryOf(parseIp('1.0.1.255')!)).toBe('AU');
    expect(small.countryOf(parseIp('1.0.2.0')!)).toBe('ZZ');
    expect(small.countryOf(parseIp('1.0.3.0')!)).toBe('CN');
    expect(small.countryOf(parseIp('1.0.3.255')!)).toBe('CN');
    expect(small.countryOf(parseIp('1.0.4.0')!)).toBe('ZZ');
    expect(small.countryOf(parseIp('2001::1')!)).toBe('ZZ');
  });

  it('reads a range that reaches the last address, and CRLF lines', async () => {
    const v4 = write('v4-full.csv', '0,4294967294,US\r\n4294967295,4294967295,JP\r\n');
    const v6 = write('v6-full.csv', `0,${(1n << 128n) - 1n},DE\r\n`);
    const full = await CountryDatabase.load({ v4, v6 });
    expect(full.countryOf(parseIp('255.255.255.255')!)).toBe('JP');
    expect(full.countryOf(parseIp('0.0.0.0')!)).toBe('US');
    expect(full.countryOf(parseIp('ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')!)).toBe('DE');
    expect(full.stats).toMatchObject({ v4Ranges: 2, v6Ranges: 1 });
  });

  it.each([
    ['a line that is not start,end,country', '1,2,US\nnot a line\n', /not a "start,end,country" line at character 7/],
    ['a lower-case country', '1,2,us\n', /not a "start,end,country" line/],
    ['a fourth field', '1,2,US,x\n', /not a "start,end,country" line/],
    ['an empty line in the middle', '1,2,US\n\n5,6,DE\n', /not a "start,end,country" line/],
    ['overlapping ranges', '1,10,US\n5,20,DE\n', /out of order or overlapping at character 8/],
    ['ranges out of order', '10,20,US\n1,2,DE\n', /out of order or overlapping/],
    ['an end before its start', '10,5,US\n', /out of order or overlapping/],
    ['an IPv4 end past the last address', '1,4294967296,US\n', /out of order or overlapping/],
  ])('refuses %s', async (_name, text, message) => {
    await expect(CountryDatabase.load({ v4: write('bad.csv', text), v6: emptyV6() })).rejects.toThrow(message);
  });

  it('fails on a missing file', async () => {
    await expect(CountryDatabase.load({ v4: path.join(dir, 'none.csv'), v6: emptyV6() })).rejects.toThrow(/ENOENT/);
  });
});
