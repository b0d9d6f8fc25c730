import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findBand } from '@reelcast/protocol';
import { describe, expect, it } from 'vitest';
import { flushLatencyTrace, setLatencyTraceFile } from './latency-trace.ts';
import { SharedVideoStream, type FrameEncoder } from './shared-stream.ts';

const band = findBand('360p')!;
const frame = { width: band.width, height: band.height, data: new Uint8ClampedArray(4) };

/** An encoder that codes what it is asked: a keyframe when told, a delta frame otherwise. */
function fakeEncoder() {
  const calls: boolean[] = [];
  const made = { encoders: 0, closed: 0, calls };
  const create = (): FrameEncoder => {
    made.encoders++;
    let first = true;
    return {
      async encode(_i420, _timestamp, keyframe) {
        const key = keyframe || first;
        first = false;
        calls.push(key);
        return [{ data: Buffer.alloc(key ? 3000 : 500, key ? 1 : 2), keyframe: key }];
      },
      close: () => void made.closed++,
    };
  };
  return { made, create };
}

/** One picture coded and sent, as the frame loop hands them: one after the other. */
async function coded(stream: SharedVideoStream) {
  stream.onFrame(frame);
  await stream.settled();
}

function viewer() {
  const packets: Buffer[] = [];
  return { packets, send: (p: Buffer) => void packets.push(p) };
}

describe('SharedVideoStream', () => {
  it('codes each frame once however many watch, and starts each viewer at a keyframe coded as it joins', async () => {
    const { made, create } = fakeEncoder();
    let now = 0;
    const stream = new SharedVideoStream(band, { createEncoder: create, now: () => now });
    const a = viewer();
    stream.subscribe(a);
    for (let i = 0; i < 5; i++) {
      await coded(stream);
      now += 33;
    }
    const b = viewer();
    stream.subscribe(b);
    for (let i = 0; i < 5; i++) {
      await coded(stream);
      now += 33;
    }
    expect(made.encoders).toBe(1);
    expect(made.calls).toEqual([true, false, false, false, false, true, false, false, false, false]);
    // a got everything; b from the keyframe of its join on (3 packets of a 3000-byte frame, 1 of each delta).
    expect(a.packets).toHaveLength(3 + 4 + 3 + 4);
    expect(b.packets).toHaveLength(3 + 4);
    expect(b.packets[0]![13]).toBe(0x80);
    expect(stream.stats()).toMatchObject({ viewers: 2, framesEncoded: 10, keyframes: 2 });
  });

  it('codes one keyframe for many requests (PLI), at most once per interval, and none lost', async () => {
    const { made, create } = fakeEncoder();
    let now = 10_000;
    const stream = new SharedVideoStream(band, { createEncoder: create, now: () => now, keyframeIntervalMs: 1000 });
    stream.subscribe(viewer());
    await coded(stream); // the join's keyframe, at 10 000
    now += 100;
    for (let i = 0; i < 20; i++) stream.requestKeyframe(); // a lossy viewer asks and asks
    const keyAt: number[] = [];
    for (let t = 0; t < 60; t++) {
      await coded(stream);
      if (made.calls.at(-1)) keyAt.push(now);
      now += 33;
    }
    // Held back until a second after the last keyframe, then coded once.
    expect(keyAt).toEqual([11_024]); // the first frame at or after 11 000
    expect(stream.stats().keyframeRequestsMerged).toBe(19);
    stream.requestKeyframe();
    await coded(stream);
    expect(made.calls.at(-1)).toBe(true); // more than a second since: at once
  });

  it('codes a picture that comes during a coding right after it, and only the newest of several (no queue)', async () => {
    const { made, create } = fakeEncoder();
    const stream = new SharedVideoStream(band, { createEncoder: create });
    stream.subscribe(viewer());
    stream.onFrame(frame);
    stream.onFrame(frame); // the first is still on the worker thread: this one waits
    stream.onFrame(frame); // and is replaced by this one
    await stream.settled();
    expect(made.calls).toHaveLength(2);
    expect(stream.stats().framesSkipped).toBe(1);
  });

  it('frees its encoder when the last viewer leaves; the next viewer starts a new one', async () => {
    const { made, create } = fakeEncoder();
    const stream = new SharedVideoStream(band, { createEncoder: create });
    const leave = stream.subscribe(viewer());
    await coded(stream);
    leave();
    expect(made.closed).toBe(1);
    await coded(stream); // nobody watches: nothing coded
    expect(made.calls).toHaveLength(1);
    stream.subscribe(viewer());
    await coded(stream);
    expect(made.encoders).toBe(2);
  });

  it("with the latency trace on, each frame sent is a line of its machine's with the picture's capture time; without a machine, none", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shared-stream-trace-')), 'trace.jsonl');
    setLatencyTraceFile(file);
    try {
      const traced = new SharedVideoStream(band, { createEncoder: fakeEncoder().create, now: () => 1_000, traceId: '7' });
      const untraced = new SharedVideoStream(band, { createEncoder: fakeEncoder().create });
      traced.subscribe(viewer());
      untraced.subscribe(viewer());
      await coded(traced);
      await coded(untraced);
      flushLatencyTrace();
      const lines = fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toEqual([
        {
          t: expect.any(Number),
          stage: 'frame-sent',
          machineId: '7',
          codec: 'vp8',
          captured: performance.timeOrigin + 1_000,
          bytes: 3000,
          packets: 3,
        },
      ]);
    } finally {
      setLatencyTraceFile(undefined);
    }
  });
});
