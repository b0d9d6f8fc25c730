import { afterEach, describe, expect, it } from 'vitest';
import type { SerialPort } from 'serialport';
import { withCrc } from './crc.ts';
import { encodeBcd } from './bcd.ts';
import type { SasEvent } from './events.ts';
import type { SasLink } from './link.ts';
import { currentCredits } from './long-polls/current-credits.ts';
import { closePort, openPort, writeAll } from '../serial-port.ts';
import { startPtyPair, type PtyPair } from './links/pty-test-helpers.ts';
import { encodeCharacters } from './links/test-link-codec.ts';
import { openTestLink } from './links/test-link.ts';
import { SasPoller } from './poller.ts';
import { systemScheduler } from './scheduler.ts';

/**
 * A machine at address 1 on the far end of the pseudo-terminal that knows two polls: the general poll
 * (one exception, then 00) and 1A. A frame starts at a character with the wakeup marker.
 */
function answerPolls(port: SerialPort, credits: number, exception: number): void {
  let frame: number[] = [];
  let carry: number[] = [];
  let pending = [exception];
  port.on('data', (chunk: Buffer) => {
    const bytes = [...carry, ...chunk];
    carry = bytes.length % 2 === 1 ? [bytes.pop()!] : [];
    for (let i = 0; i < bytes.length; i += 2) {
      if (bytes[i] === 0x01) frame = [];
      frame.push(bytes[i + 1]!);
      let answer: number[] | undefined;
      if (frame.length === 1 && frame[0] === 0x81) {
        answer = [pending[0] ?? 0x00];
        pending = [];
      }
      if (frame.length === 2 && frame[0] === 0x01 && frame[1] === 0x1a) answer = [...withCrc([0x01, 0x1a, ...encodeBcd(credits, 4)])];
      if (answer) void writeAll(port, encodeCharacters(Uint8Array.from(answer), false));
    }
  });
}

describe('the poll loop over the test link on a socat pair, in real time', () => {
  let pair: PtyPair | undefined;
  let machine: SerialPort | undefined;
  let poller: SasPoller | undefined;
  let link: SasLink | undefined;
  afterEach(async () => {
    await poller?.stop();
    await link?.close();
    if (machine) await closePort(machine);
    await pair?.close();
  });

  it('brings the link up, delivers the exception and reads the credit meter', async () => {
    pair = await startPtyPair();
    machine = await openPort(pair.b);
    answerPolls(machine, 1451, 0x7e);
    link = await openTestLink(pair.a);
    // SAS's own windows are 20 ms and 5 ms; the responder here is a Node process on a shared test
    // machine, so the windows are widened as docs/sas-test-link.md §5.3 allows.
    poller = new SasPoller(link, { address: 1, scheduler: systemScheduler, timing: { responseTimeoutMs: 250, interByteTimeoutMs: 50 } });
    const events: SasEvent[] = [];
    const started = new Promise<void>((resolve) =>
      poller!.onEvent((event) => {
        events.push(event);
        if (event.type === 'game-started') resolve();
      }),
    );
    poller.start();
    await started;
    await expect(poller.request(currentCredits)).resolves.toEqual({ ok: true, value: 1451 });
    expect(events).toEqual([{ type: 'link', up: true }, { type: 'game-started' }]);
  });
});
