import { isIP } from 'node:net';

/** An address as the country database compares it: IPv4 as an unsigned 32-bit number, IPv6 as two 64-bit halves. */
export type IpAddress = { family: 4; value: number } | { family: 6; hi: bigint; lo: bigint };

const MAPPED_V4_PREFIX = 0xffffn;

/**
 * The address in `text` (as `request.ip` gives it), or null when it is not one. An IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, what a dual-stack socket reports for an IPv4 client) comes back as the
 * IPv4 address; a zone (`fe80::1%eth0`) is dropped.
 */
export function parseIp(text: string): IpAddress | null {
  const address = text.trim().replace(/%[^%]*$/, '');
  switch (isIP(address)) {
    case 4:
      return { family: 4, value: v4Value(address) };
    case 6: {
      const [hi, lo] = v6Halves(address);
      if (hi === 0n && lo >> 32n === MAPPED_V4_PREFIX) return { family: 4, value: Number(lo & 0xffffffffn) };
      return { family: 6, hi, lo };
    }
    default:
      return null;
  }
}

function v4Value(address: string): number {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function v6Halves(address: string): [bigint, bigint] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = v4Value(tail);
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const groups =
    rest === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - restGroups.length).fill('0'), ...restGroups];
  let hi = 0n;
  let lo = 0n;
  for (const [i, group] of groups.entries()) {
    const value = BigInt(parseInt(group, 16));
    if (i < 4) hi = (hi << 16n) | value;
    else lo = (lo << 16n) | value;
  }
  return [hi, lo];
}

/**
 * The ranges whose addresses are the operator's own network, country 'LAN', always allowed
 * (docs/ip-check.md "LAN addresses"): private (RFC 1918), shared address space (RFC 6598, carrier-grade
 * NAT and mesh VPNs), loopback, link-local, IPv6 unique-local. None of them can reach the platform from
 * the public internet, and the database places none of them.
 */
export const LAN_RANGES: readonly string[] = [
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
];

type Matcher = (address: IpAddress) => boolean;

function matcherOf(cidr: string): Matcher {
  const [text = '', bitsText = ''] = cidr.split('/');
  const bits = Number(bitsText);
  const base = parseIp(text);
  if (!base) throw new Error(`not a range: ${cidr}`);
  if (base.family === 4) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (a) => a.family === 4 && (a.value & mask) >>> 0 === base.value;
  }
  const full = (1n << 128n) - 1n;
  const mask = (full << BigInt(128 - bits)) & full;
  const start = (base.hi << 64n) | base.lo;
  return (a) => a.family === 6 && (((a.hi << 64n) | a.lo) & mask) === start;
}

const lanMatchers = LAN_RANGES.map(matcherOf);

/** Whether the address is in one of `LAN_RANGES`. */
export function isLan(address: IpAddress): boolean {
  return lanMatchers.some((matches) => matches(address));
}
