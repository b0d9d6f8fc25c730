import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasValidCrc } from './link/crc.ts';
import { createPtyPair, type PtyPair } from './pty-pair.ts';
import { HandHost } from './pty-test-helpers.ts';
import { startEgmSimulator, type EgmSimulator } from './simulator.ts';
import type { SimulatorOptions } from './options.ts';

/**
 * The simulator over real pseudo-terminals (socat), driven by host frames written by hand from SAS 6.02. The
 * machine is at address 1 with asset number 0x00000102 (02 01 00 00 on the wire), denomination 1 cent.
 */
let dir: string;
let sasPair: PtyPair;
let relayPair: PtyPair;
let simulator: EgmSimulator;
let host: HandHost;

async function start(options: Partial<SimulatorOptions> = {}): Promise<void> {
  simulator = await startEgmSimulator({
    sasPath: sasPair.a,
    relayPath: relayPair.a,
    nvramFile: path.join(dir, 'nvram.json'),
    control: path.join(dir, 'control.sock'),
    assetNumber: 0x0102,
    gameMs: 50,
    minPressMs: 20,
    ...options,
  });
  host = new HandHost(sasPair.b);
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'egm-sim-'));
  [sasPair, relayPair] = await Promise.all([createPtyPair(), createPtyPair()]);
});

afterEach(async () => {
  host?.close();
  await simulator?.close();
  await Promise.all([sasPair.close(), relayPair.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

const control = (command: object): Record<string, unknown> => simulator.control(command);
const status = (): Record<string, any> => control({ cmd: 'status' });

/** The transfer poll of SAS 6.02 Table 8.3a: code 00 (full), index 00, the type, 5-byte BCD cashable amount, no restricted or non-restricted amount, flags 00, asset 02 01 00 00, zero key, the ID, expiration 00000000, pool 0000, no receipt data. */
function transferPoll(type: number, bcdCents: number[], id: string): number[] {
  const text = [...Buffer.from(id, 'latin1')];
  const body = [
    0x00,
    0x00,
    type,
    ...bcdCents,
    ...new Array<number>(10).fill(0),
    0x00,
    0x02,
    0x01,
    0x00,
    0x00,
    ...new Array<number>(20).fill(0),
  ];
  const tail = [text.length, ...text, 0, 0, 0, 0, 0, 0, 0];
  return [0x01, 0x72, body.length + tail.length, ...body, ...tail];
}

/** Sync (a general poll to address 0 nobody answers), then take every exception off the machine. */
async function drainExceptions(): Promise<number[]> {
  const codes: number[] = [];
  for (;;) {
    host.send([0x80]);
    const [code] = await host.ask([0x81], 1);
    if (code === 0x00) return codes;
    codes.push(code!);
  }
}

describe('the SAS link over a pty', () => {
  it('stays silent until it has seen a poll to another address, then reports power applied (17)', async () => {
    await start();
    host.send([0x81]);
    host.send([0x80]);
    // The first general poll got nothing: the first byte back answers the second one.
    expect(await host.ask([0x81], 1)).toEqual([0x17]);
    host.send([0x80]);
    expect(await host.ask([0x81], 1)).toEqual([0x00]);
  });

  it('answers long poll 54 with its version and serial number, and a bad CRC with a NACK (address | 80)', async () => {
    await start({ serialNumber: 'SIM7' });
    host.send([0x80]);
    const version = await (host.send([0x01, 0x54]), host.readFrame());
    expect(Buffer.from(version.slice(3, -2)).toString('latin1')).toBe('602SIM7');
    expect(hasValidCrc(Uint8Array.from(version))).toBe(true);
    expect(await host.ask([0x01, 0x02, 0xca, 0x3b], 1)).toEqual([0x81]);
    expect(await host.ask([0x01, 0x02, 0xca, 0x3a], 1)).toEqual([0x01]);
  });
});

describe('AFT over a pty', () => {
  it('moves money in and out with long poll 72, and the AFT meters (2F A0, B8) agree to the cent', async () => {
    await start();
    await drainExceptions();
    host.sendWithCrc(transferPoll(0x00, [0x00, 0x00, 0x00, 0x25, 0x00], 'IN-1'));
    const cashIn = await host.readFrame();
    expect(cashIn.slice(3, 12)).toEqual([0x01, 0x00, 0xff, 0x00, 0x00, 0x00, 0x00, 0x25, 0x00]);
    expect(Buffer.from(cashIn.slice(28, 32)).toString('latin1')).toBe('IN-1');
    expect(await drainExceptions()).toEqual([0x69]);
    // The host acknowledges the transfer by interrogating it (code FF), then moves on to another poll.
    host.sendWithCrc([0x01, 0x72, 0x02, 0xff, 0x00]);
    expect((await host.readFrame())[4]).toBe(0x00);
    expect(await host.ask([0x01, 0x1a], 8)).toEqual([
      0x01,
      0x1a,
      0x00,
      0x00,
      0x25,
      0x00,
      ...(await crcOf([0x01, 0x1a, 0x00, 0x00, 0x25, 0x00])),
    ]);

    host.sendWithCrc(transferPoll(0x80, [0x00, 0x00, 0x00, 0x07, 0x50], 'OUT-1'));
    const cashOut = await host.readFrame();
    expect(cashOut.slice(4, 12)).toEqual([0x00, 0xff, 0x80, 0x00, 0x00, 0x00, 0x07, 0x50]);
    host.sendWithCrc([0x01, 0x2f, 0x04, 0x00, 0x00, 0xa0, 0xb8]);
    const meters = await host.readFrame();
    expect(meters.slice(3, -2)).toEqual([0x00, 0x00, 0xa0, 0x00, 0x00, 0x00, 0x25, 0x00, 0xb8, 0x00, 0x00, 0x00, 0x07, 0x50]);
    expect(status()).toMatchObject({ credits: 1750, meters: { aftInCents: 2500, aftOutCents: 750 } });
  });

  it('after a dropped answer, the interrogation (72 code FF) tells the host what became of the transfer', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'dropAnswers', count: 1 });
    host.sendWithCrc(transferPoll(0x00, [0x00, 0x00, 0x00, 0x10, 0x00], 'LOST-1'));
    // No answer came: the first bytes back are the answer to the next poll.
    host.send([0x80]);
    expect((await host.ask([0x01, 0x1a], 8)).slice(0, 6)).toEqual([0x01, 0x1a, 0x00, 0x00, 0x10, 0x00]);
    host.sendWithCrc([0x01, 0x72, 0x02, 0xff, 0x00]);
    const answer = await host.readFrame();
    expect(answer.slice(3, 12)).toEqual([0x01, 0x00, 0xff, 0x00, 0x00, 0x00, 0x00, 0x10, 0x00]);
    expect(Buffer.from(answer.slice(28, 34)).toString('latin1')).toBe('LOST-1');
  });

  it('sends the same transfer answer again when the host repeats the poll (implied NACK), without doing it twice', async () => {
    await start();
    await drainExceptions();
    const poll = transferPoll(0x00, [0x00, 0x00, 0x00, 0x01, 0x00], 'TWICE');
    host.sendWithCrc(poll);
    const first = await host.readFrame();
    host.sendWithCrc(poll);
    expect(await host.readFrame()).toEqual(first);
    expect(status()).toMatchObject({ credits: 100 });
  });

  it('reports a transfer held pending (40) for the polls asked for, then final (00) with 69', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'holdNextTransfer', polls: 3 });
    host.sendWithCrc(transferPoll(0x00, [0x00, 0x00, 0x00, 0x05, 0x00], 'SLOW-1'));
    expect((await host.readFrame())[4]).toBe(0x40);
    const interrogate = async (): Promise<number> => {
      host.sendWithCrc([0x01, 0x72, 0x02, 0xfe, 0x00]);
      const status = (await host.readFrame())[4]!;
      host.send([0x80]);
      return status;
    };
    expect([await interrogate(), await interrogate(), await interrogate()]).toEqual([0x40, 0x40, 0x40]);
    expect(await interrogate()).toBe(0x00);
    expect(await drainExceptions()).toEqual([0x69]);
    expect(status()).toMatchObject({ credits: 500 });
  });

  it('losing power in the middle of a transfer: no answer, and after power returns 18, 17 and the transfer as it ended', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'powerLossOnNextTransfer', applied: true });
    host.sendWithCrc(transferPoll(0x00, [0x00, 0x00, 0x00, 0x20, 0x00], 'POWER-1'));
    await expect.poll(() => status().power).toBe('off');
    expect(status()).toMatchObject({ credits: 2000, transfer: { transactionId: 'POWER-1', status: 0x00 } });
    control({ cmd: 'powerOn' });
    expect(await drainExceptions()).toEqual([0x69, 0x18, 0x17]);
    host.sendWithCrc([0x01, 0x72, 0x02, 0xff, 0x00]);
    const answer = await host.readFrame();
    expect(answer.slice(3, 12)).toEqual([0x01, 0x00, 0xff, 0x00, 0x00, 0x00, 0x00, 0x20, 0x00]);
  });

  it('losing power before the transfer moved the money: it comes back by itself and reports the transfer failed (9F)', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'powerLossOnNextTransfer', offMs: 300, applied: false });
    host.sendWithCrc(transferPoll(0x00, [0x00, 0x00, 0x00, 0x20, 0x00], 'POWER-2'));
    await expect.poll(() => status().power).toBe('off');
    await expect.poll(() => status().power).toBe('on');
    expect(await drainExceptions()).toEqual([0x69, 0x18, 0x17]);
    host.sendWithCrc([0x01, 0x72, 0x02, 0xff, 0x00]);
    expect((await host.readFrame()).slice(3, 12)).toEqual([0x00, 0x9f, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
    expect(status()).toMatchObject({ credits: 0 });
  });
});

describe('faults on the wire', () => {
  it('a corrupted CRC: the host asks again with the same poll and gets the answer whole', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'corruptCrc', count: 1 });
    const bad = await host.ask([0x01, 0x1a], 8);
    expect(hasValidCrc(Uint8Array.from(bad))).toBe(false);
    const good = await host.ask([0x01, 0x1a], 8);
    expect(hasValidCrc(Uint8Array.from(good))).toBe(true);
    expect(good.slice(0, 6)).toEqual(bad.slice(0, 6));
  });

  it('a late answer arrives after the delay asked for', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'delayAnswers', ms: 300, count: 1 });
    // No stopwatch (a timer may fire a fraction of a millisecond early by performance.now): nothing comes within
    // 200 ms, and the whole answer comes after. The simulator runs in this process, so its 300 ms timer cannot
    // fire before the test's 200 ms one.
    host.send([0x01, 0x1a]);
    await expect(host.read(1, 200)).rejects.toThrow('expected 1 bytes');
    expect((await host.read(8)).slice(0, 2)).toEqual([0x01, 0x1a]);
  });

  it('the door opened in the middle of a game holds the game: 7E, 11, then 12 and 7F once it closes', async () => {
    // Reels that stop after 1 ms: the game is still held after the exceptions have been read, which takes longer.
    await start({ gameMs: 1 });
    control({ cmd: 'powerLoss' });
    // Credits for the game, from the NVRAM file, as an attendant would have put them there.
    const nvram = JSON.parse(fs.readFileSync(path.join(dir, 'nvram.json'), 'utf8'));
    fs.writeFileSync(path.join(dir, 'nvram.json'), JSON.stringify({ ...nvram, credits: 5 }));
    control({ cmd: 'powerOn' });
    await drainExceptions();
    control({ cmd: 'press', button: 'play' });
    control({ cmd: 'door', open: true });
    expect(await drainExceptions()).toEqual([0x7e, 0x11]);
    expect(status().game).not.toBeNull();
    control({ cmd: 'door', open: false });
    expect(await drainExceptions()).toEqual([0x12, 0x7f]);
    expect(status().meters).toMatchObject({ gamesPlayed: 1, coinIn: 1 });
  });

  it('a hand pay called from the floor locks the machine (51) until reset (52), and 1B tells the amount', async () => {
    await start();
    await drainExceptions();
    control({ cmd: 'handPay', cents: 150000 });
    expect(await drainExceptions()).toEqual([0x51]);
    host.send([0x01, 0x1b]);
    expect((await host.read(24)).slice(2, 9)).toEqual([0x00, 0x40, 0x00, 0x00, 0x15, 0x00, 0x00]);
    expect(control({ cmd: 'resetHandPay' })).toEqual({ ok: true });
    expect(await drainExceptions()).toEqual([0x52]);
    expect(status().meters.jackpot).toBe(150000);
  });
});

describe('the button harness over a pty', () => {
  const lcus = (channel: number, closed: boolean): Buffer => {
    const state = closed ? 1 : 0;
    return Buffer.from([0xa0, channel, state, (0xa0 + channel + state) & 0xff]);
  };

  it('a relay press on the play channel starts a game when play is enabled and the credits cover the bet; a blip does not', async () => {
    await start();
    await drainExceptions();
    host.sendWithCrc(transferPoll(0x00, [0x00, 0x00, 0x00, 0x00, 0x10], 'PLAY'));
    await host.readFrame();
    const relay = fs.openSync(relayPair.b, fs.constants.O_RDWR | fs.constants.O_NOCTTY);
    try {
      // Closed and opened in one write: shorter than the machine's 20 ms debounce.
      fs.writeSync(relay, Buffer.concat([lcus(1, true), lcus(1, false)]));
      fs.writeSync(relay, lcus(1, true));
      await expect.poll(() => status().meters.gamesPlayed).toBe(1);
      fs.writeSync(relay, lcus(1, false));
      await expect.poll(() => status().game).toBeNull();
      expect(status().meters.gamesPlayed).toBe(1);
    } finally {
      fs.closeSync(relay);
    }
    expect((await drainExceptions()).filter((code) => code === 0x7e)).toEqual([0x7e]);
  });
});

describe('the control channel', () => {
  it('that cannot listen fails the start, and leaves the SAS pty free for another simulator', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    // This process's descriptors on the simulator's ends of the ptys (socat's links to /dev/pts/N). Not the
    // count of all its descriptors: the worker's earlier test files may close theirs meanwhile.
    const openOn = (link: string): number => {
      const device = fs.realpathSync(link);
      return fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === device;
        } catch {
          return false; // the directory's own descriptor, gone once read
        }
      }).length;
    };
    await expect(start({ control: port })).rejects.toThrow(/EADDRINUSE/);
    expect([openOn(sasPair.a), openOn(relayPair.a)]).toEqual([0, 0]);
    taken.close();
    await start();
    host.send([0x80]);
    expect(await host.ask([0x81], 1)).toEqual([0x17]);
  });

  it('answers JSON lines on its Unix socket', async () => {
    await start();
    const socket = net.connect(path.join(dir, 'control.sock'));
    const lines = readline.createInterface({ input: socket })[Symbol.asyncIterator]();
    socket.write('{"cmd":"status","id":"a"}\n{"cmd":"door","open":"yes"}\n');
    expect(JSON.parse((await lines.next()).value as string)).toMatchObject({ ok: true, power: 'on', credits: 0, id: 'a' });
    expect(JSON.parse((await lines.next()).value as string)).toMatchObject({ ok: false, error: expect.stringMatching(/^open:/) });
    socket.destroy();
  });
});

async function crcOf(bytes: number[]): Promise<number[]> {
  const { withCrc } = await import('./link/crc.ts');
  return [...withCrc(Uint8Array.from(bytes))].slice(-2);
}
