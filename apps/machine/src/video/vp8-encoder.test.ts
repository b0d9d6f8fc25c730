import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { Vp8Encoder } from './vp8-encoder.ts';

const options = { width: 320, height: 240, fps: 30, bitrate: 300_000, maxBitrate: 500_000 };
const picture = (shade: number) => new Uint8ClampedArray((options.width * options.height * 3) / 2).fill(shade);

describe('Vp8Encoder (libvpx through node-av)', () => {
  it('codes a keyframe first, then delta frames, and a keyframe whenever asked', async () => {
    const encoder = new Vp8Encoder(options);
    const kinds: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      const out = await encoder.encode(picture(40 + i * 10), i * 3000, i === 5);
      expect(out).toHaveLength(1);
      // VP8's frame tag (RFC 6386 §9.1): bit 0 clear is a keyframe.
      expect((out[0]!.data[0]! & 1) === 0).toBe(out[0]!.keyframe);
      kinds.push(out[0]!.keyframe);
    }
    expect(kinds).toEqual([true, false, false, false, false, true, false, false]);
    encoder.close();
    await expect(encoder.encode(picture(0), 0, false)).rejects.toThrow('closed');
  });

  it('leaves nothing for the garbage collector to free twice: encoders come and go', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (let round = 0; round < 3; round++) {
      const encoder = new Vp8Encoder(options);
      await encoder.encode(picture(80), 0, true);
      if (round % 2 === 0) encoder.close();
      gc();
    }
    const last = new Vp8Encoder(options);
    expect((await last.encode(picture(80), 0, true))[0]!.keyframe).toBe(true);
    last.close();
  });
});
