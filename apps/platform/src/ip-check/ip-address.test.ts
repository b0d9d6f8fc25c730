import { describe, expect, it } from 'vitest';
import { isLan, LAN_RANGES, parseIp } from './ip-address.ts';

const v4 = (a: number, b: number, c: number, d: number) => ({ family: 4, value: a * 2 ** 24 + b * 2 ** 16 + c * 2 ** 8 + d });

describe('parseIp', () => {
  it.each([
    ['1.2.3.4', v4(1, 2, 3, 4)],
    ['0.0.0.0', v4(0, 0, 0, 0)],
    ['255.255.255.255', v4(255, 255, 255, 255)],
    [' 78.160.0.1 ', v4(78, 160, 0, 1)],
  ])('reads the IPv4 address %j', (text, expected) => {
    expect(parseIp(text)).toEqual(expected);
  });

  it.each([
    ['::', 0n, 0n],
    ['::1', 0n, 1n],
    ['2001:db8::', 0x20010db800000000n, 0n],
    ['2a02:ff0:1:2:3:4:5:6', 0x2a020ff000010002n, 0x0003000400050006n],
    ['2A02:FF0::ABCD', 0x2a020ff000000000n, 0xabcdn],
    ['fe80::1%eth0', 0xfe80000000000000n, 1n],
    ['1::', 0x0001000000000000n, 0n],
    ['::ffff:0:1.2.3.4', 0n, 0xffff000001020304n],
    ['64:ff9b::192.0.2.33', 0x0064ff9b00000000n, 0xc0000221n],
    ['ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 0xffffffffffffffffn, 0xffffffffffffffffn],
  ])('reads the IPv6 address %j as two 64-bit halves', (text, hi, lo) => {
    expect(parseIp(text)).toEqual({ family: 6, hi, lo });
  });

  it.each([['::ffff:1.2.3.4'], ['::FFFF:1.2.3.4'], ['0:0:0:0:0:ffff:102:304'], ['::ffff:0102:0304']])(
    'reads the IPv4-mapped IPv6 address %j as IPv4',
    (text) => {
      expect(parseIp(text)).toEqual(v4(1, 2, 3, 4));
    },
  );

  it.each([
    [''],
    ['abc'],
    ['1.2.3'],
    ['1.2.3.4.5'],
    ['256.1.1.1'],
    ['01.2.3.4'],
    ['1.2.3.4:80'],
    ['[::1]'],
    ['::g'],
    ['1:2:3:4:5:6:7:8:9'],
    ['unknown'],
  ])('answers null for %j', (text) => {
    expect(parseIp(text)).toBeNull();
  });
});

describe('isLan', () => {
  const lan = (text: string) => isLan(parseIp(text)!);

  it('names the documented ranges', () => {
    expect(LAN_RANGES).toEqual([
      '10.0.0.0/8',
      '100.64.0.0/10',
      '127.0.0.0/8',
      '169.254.0.0/16',
      '172.16.0.0/12',
      '192.168.0.0/16',
      '::1/128',
      'fc00::/7',
      'fe80::/10',
    ]);
  });

  it.each([
    '10.0.0.0',
    '10.255.255.255',
    '100.64.0.0',
    '100.127.255.255',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.0.1',
    '172.16.0.0',
    '172.31.255.255',
    '192.168.1.10',
    '::1',
    'fc00::1',
    'fdff:ffff::1',
    'fe80::1',
    'febf:ffff::1',
    '::ffff:10.1.2.3',
    '::ffff:127.0.0.1',
  ])('%s is LAN', (text) => {
    expect(lan(text)).toBe(true);
  });

  it.each([
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '0.0.0.0',
    '8.8.8.8',
    '::',
    '::2',
    'fbff::1',
    'fe00::1',
    'fec0::1',
    '2001:db8::1',
    '::ffff:8.8.8.8',
  ])('%s is not LAN', (text) => {
    expect(lan(text)).toBe(false);
  });
});
