import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { REEL } from '../machine/reel-game.ts';
import { startGlassServer } from './glass-server.ts';
import { drawReels, GLASS, SYMBOL_COLOURS, type ReelView } from './reel-picture.ts';

/** The colour in the middle of a reel's pay-line row. */
const onTheLine = (frame: Buffer, reel: number) => {
  const at = ((GLASS.height / 2) * GLASS.width + Math.floor(((reel + 0.5) * GLASS.width) / 3)) * 3;
  return [frame[at], frame[at + 1], frame[at + 2]];
};

it('shows the stops on the pay line while the reels stand, and rolls them while they spin', () => {
  const standing = drawReels({ stops: [0, 4, 6], spinningForMs: null });
  expect([0, 1, 2].map((reel) => onTheLine(standing, reel))).toEqual([
    SYMBOL_COLOURS[REEL[0]!],
    SYMBOL_COLOURS[REEL[4]!],
    SYMBOL_COLOURS[REEL[6]!],
  ]);
  expect(REEL[0]).toBe('SEVEN');
  // Rolling, the picture differs from one frame (33 ms) to the next.
  const frames = [0, 33, 67].map((ms) => drawReels({ stops: [0, 4, 6], spinningForMs: ms }));
  expect(frames[1]!.equals(frames[0]!)).toBe(false);
  expect(frames[2]!.equals(frames[1]!)).toBe(false);
  expect(frames[0]!.equals(standing)).toBe(true);
});

it('serves the glass to ffmpeg as raw video on a Unix socket, each frame the newest picture', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-'));
  let view: ReelView = { stops: [0, 0, 0], spinningForMs: null };
  const glass = await startGlassServer(path.join(dir, 'glass.sock'), () => view);
  try {
    expect(glass.address).toBe(path.join(dir, 'glass.sock'));
    view = { stops: [4, 6, 2], spinningForMs: null };
    // What a cabinets file's video.input says for a simulated cabinet (docs/cabinets.md).
    const { stdout } = await promisify(execFile)(
      'ffmpeg',
      // prettier-ignore
      ['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-video_size', `${GLASS.width}x${GLASS.height}`, '-pixel_format', GLASS.pixelFormat,
        '-framerate', String(GLASS.fps), '-i', `unix:${glass.address}`, '-frames:v', '2', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024, timeout: 10_000 },
    );
    const frameBytes = GLASS.width * GLASS.height * 3;
    expect(stdout.length).toBe(2 * frameBytes);
    expect(stdout.subarray(frameBytes).equals(drawReels(view))).toBe(true);
  } finally {
    await glass.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
