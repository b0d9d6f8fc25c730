import { closeSync, openSync, readFileSync, readSync, realpathSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * libwebrtc field trials for @roamhq/wrtc, which has no API for them.
 *
 * Why: the sender writes the `playout-delay` RTP header extension (min 0 ms, max 0 ms) only under
 * the `WebRTC-ForceSendPlayoutDelay` field trial. With it, Chrome renders each frame as soon as it
 * is decoded instead of holding it in its jitter buffer (720p glass-to-glass p50 46 → ~30 ms here,
 * docs/benchmarks.md "Video"). That is the standard extension game streaming uses; only the way we
 * switch it on is unusual.
 *
 * How: libwebrtc reads field trials from one global `const char* trials_init_string`
 * (system_wrappers/source/field_trial.cc) on every lookup. The addon does not export it, but its
 * ELF symbol table names it. We find its address (symbol table + the addon's load address from
 * /proc/self/maps), put our string in the unused tail of the addon's .bss page, and point the
 * global at it through /proc/self/mem. Every step is checked (Linux, ELF64 little-endian, symbol
 * present, inside a writable mapping of the addon, still NULL, room for the string); anything
 * unexpected leaves the process untouched and returns a reason. Trials apply to senders created
 * afterwards (RTPSenderVideo reads them in its constructor).
 */
export interface FieldTrialResult {
  readonly applied: boolean;
  /** What was set, or why nothing was. */
  readonly detail: string;
}

const SYMBOL = '_ZN6webrtc11field_trialL18trials_init_stringE';

/** Playout delay min 0 / max 0 on every video sender: receivers render frames as soon as they are decoded. */
export const ZERO_PLAYOUT_DELAY_TRIALS = 'WebRTC-ForceSendPlayoutDelay/min_ms:0,max_ms:0/';

let current: FieldTrialResult | undefined;
/**
 * Once found: where the pointer lives, and the free tail after .bss where strings go. Strings are
 * never overwritten (a libwebrtc thread may be reading one), so each new string takes new room.
 */
let slot: { pointerAt: bigint; next: bigint; end: bigint; written: Map<string, bigint> } | undefined;

/**
 * Playout delay min 0 / max 0, and the pacer sending a frame in one burst (up to 100 ms of its budget:
 * with 40 ms a moving 720p frame larger than 40 ms of the pacing rate waited up to ~45 ms in the pacer,
 * docs/benchmarks.md "What was tried").
 */
export const LOW_LATENCY_TRIALS = `${ZERO_PLAYOUT_DELAY_TRIALS}WebRTC-BurstyPacer/burst:100ms/`;

/**
 * Sets libwebrtc's field trial string. Applies to peer connections (senders) created afterwards.
 * May be called again with another string (bench A/B); each distinct string uses a little of the
 * free room after .bss.
 */
export function setWrtcFieldTrials(trials: string = ZERO_PLAYOUT_DELAY_TRIALS): FieldTrialResult {
  if (current?.applied && current.detail === trials) return current;
  try {
    current = apply(trials);
  } catch (error) {
    current = { applied: false, detail: `not applied: ${(error as Error).message}` };
  }
  return current;
}

/** Switches the field trials off again for peer connections created afterwards (bench A/B). */
export function clearWrtcFieldTrials(): void {
  if (!slot) return;
  writePointer(slot.pointerAt, 0n);
  current = { applied: false, detail: 'cleared' };
}

export function wrtcFieldTrials(): FieldTrialResult | undefined {
  return current;
}

function writePointer(pointerAt: bigint, value: bigint): void {
  const fd = openSync('/proc/self/mem', 'r+');
  try {
    const pointer = Buffer.alloc(8);
    pointer.writeBigUInt64LE(value, 0);
    writeSync(fd, pointer, 0, 8, at(pointerAt));
  } finally {
    closeSync(fd);
  }
}

interface Section {
  name: string;
  type: number;
  addr: bigint;
  offset: number;
  size: number;
  link: number;
}

function apply(trials: string): FieldTrialResult {
  if (!/^([A-Za-z0-9_-]+\/[^/]*\/)+$/.test(trials)) return { applied: false, detail: 'not applied: malformed trial string' };
  if (!slot) {
    const found = locate();
    if (typeof found === 'string') return { applied: false, detail: `not applied: ${found}` };
    slot = found;
  }
  let stringAt = slot.written.get(trials);
  if (stringAt === undefined) {
    const bytes = Buffer.from(`${trials}\0`, 'latin1');
    stringAt = slot.next;
    if (stringAt + BigInt(bytes.length) > slot.end) return { applied: false, detail: 'not applied: no room for another trial string' };
    const fd = openSync('/proc/self/mem', 'r+');
    try {
      const tail = Buffer.alloc(bytes.length);
      readSync(fd, tail, 0, tail.length, at(stringAt));
      if (tail.some((b) => b !== 0)) return { applied: false, detail: 'not applied: .bss tail in use' };
      writeSync(fd, bytes, 0, bytes.length, at(stringAt));
    } finally {
      closeSync(fd);
    }
    slot.written.set(trials, stringAt);
    slot.next = (stringAt + BigInt(bytes.length) + 15n) & ~15n;
  }
  writePointer(slot.pointerAt, stringAt);
  return { applied: true, detail: trials };
}

/** Finds the pointer and the free room after .bss, or says why not. */
function locate(): { pointerAt: bigint; next: bigint; end: bigint; written: Map<string, bigint> } | string {
  if (process.platform !== 'linux') return process.platform;
  const require = createRequire(import.meta.url);
  // The addon file the wrtc package loaded (lib/binding.js requires it; require.cache knows its path).
  require('@roamhq/wrtc');
  const addonPath = Object.keys(require.cache).find((p) => p.endsWith('wrtc.node'));
  if (!addonPath) return 'wrtc.node not loaded';
  const file = realpathSync(addonPath);
  const symbol = findSymbol(file, SYMBOL);
  if (symbol === undefined) return 'symbol not found';
  const maps = readFileSync('/proc/self/maps', 'utf8')
    .split('\n')
    .map(parseMapLine)
    .filter((m) => m !== undefined);
  const first = maps.find((m) => m.path === file && m.fileOffset === 0n);
  if (!first) return 'addon mapping not found';
  const base = first.start;
  const pointerAt = base + symbol.value;
  const next = (base + symbol.bssEnd + 15n) & ~15n;
  const end = (base + symbol.bssEnd + 4095n) & ~4095n;
  const writable = (addr: bigint, len: bigint) =>
    maps.some((m) => m.writable && m.start <= addr && addr + len <= m.end && (m.path === file || m.path === ''));
  if (!writable(pointerAt, 8n)) return 'pointer not in a writable addon mapping';
  if (end - next < 64n || !writable(next, end - next)) return 'no room after .bss';
  const fd = openSync('/proc/self/mem', 'r');
  try {
    const old = Buffer.alloc(8);
    readSync(fd, old, 0, 8, at(pointerAt));
    if (old.readBigUInt64LE(0) !== 0n) return 'field trials already set by someone else';
  } finally {
    closeSync(fd);
  }
  return { pointerAt, next, end, written: new Map() };
}

/** File position for /proc/self/mem: fs.writeSync fails with EIO on bigint positions. */
function at(address: bigint): number {
  if (address > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('address beyond 2^53');
  return Number(address);
}

function parseMapLine(line: string): { start: bigint; end: bigint; writable: boolean; fileOffset: bigint; path: string } | undefined {
  const m = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) ([0-9a-f]+) \S+ \d+\s*(.*)$/.exec(line);
  if (!m) return undefined;
  return {
    start: BigInt(`0x${m[1]}`),
    end: BigInt(`0x${m[2]}`),
    writable: m[3]![1] === 'w',
    fileOffset: BigInt(`0x${m[4]}`),
    path: m[5]!.trim(),
  };
}

/** The symbol's address relative to the load base (ELF64 LE .symtab), and where .bss ends. */
function findSymbol(file: string, name: string): { value: bigint; bssEnd: bigint } | undefined {
  const fd = openSync(file, 'r');
  try {
    const read = (offset: number, length: number) => {
      const buf = Buffer.alloc(length);
      readSync(fd, buf, 0, length, offset);
      return buf;
    };
    const header = read(0, 64);
    if (header.readUInt32BE(0) !== 0x7f454c46 || header[4] !== 2 || header[5] !== 1) return undefined;
    const shoff = Number(header.readBigUInt64LE(0x28));
    const shentsize = header.readUInt16LE(0x3a);
    const shnum = header.readUInt16LE(0x3c);
    const shstrndx = header.readUInt16LE(0x3e);
    const table = read(shoff, shentsize * shnum);
    const sections: Section[] = [];
    for (let i = 0; i < shnum; i++) {
      const o = i * shentsize;
      sections.push({
        name: String(table.readUInt32LE(o)),
        type: table.readUInt32LE(o + 4),
        addr: table.readBigUInt64LE(o + 16),
        offset: Number(table.readBigUInt64LE(o + 24)),
        size: Number(table.readBigUInt64LE(o + 32)),
        link: table.readUInt32LE(o + 40),
      });
    }
    const names = read(sections[shstrndx]!.offset, sections[shstrndx]!.size);
    for (const s of sections) s.name = names.toString('latin1', Number(s.name), names.indexOf(0, Number(s.name)));
    const bss = sections.find((s) => s.name === '.bss');
    const symtab = sections.find((s) => s.type === 2);
    if (!bss || !symtab) return undefined;
    const strtab = sections[symtab.link]!;
    const strings = read(strtab.offset, strtab.size);
    const target = Buffer.from(`${name}\0`, 'latin1');
    const at = strings.indexOf(target);
    if (at < 0) return undefined;
    // Symbol names may share a string-table suffix; find the entry whose name starts exactly there.
    const symbols = read(symtab.offset, symtab.size);
    for (let o = 0; o + 24 <= symbols.length; o += 24) {
      const nameAt = symbols.readUInt32LE(o);
      if (strings.compare(target, 0, target.length, nameAt, nameAt + target.length) !== 0) continue;
      const value = symbols.readBigUInt64LE(o + 8);
      const size = symbols.readBigUInt64LE(o + 16);
      if (size !== 8n || value < bss.addr || value >= bss.addr + BigInt(bss.size)) return undefined;
      return { value, bssEnd: bss.addr + BigInt(bss.size) };
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}
