/**
 * Frame stamp: a block code in the top-left corner of every frame, so a viewer can read back when
 * the frame was drawn (glass-to-glass latency) and which frame it was (drops, freezes).
 *
 * Layout: 16 columns x 4 rows of square cells, cell side `stampCellSize(frameHeight)` px
 * (16 px at 720p, 11 at 480p, 8 at 360p), starting at pixel (0, 0). White = 1, black = 0,
 * most significant bit in the leftmost column.
 *   row 0: bits 31..16 of the clock (Date.now() in ms, low 32 bits)
 *   row 1: bits 15..0 of the clock
 *   row 2: frame counter, 16 bits (wraps)
 *   row 3: check = row0 ^ row1 ^ row2 ^ 0xA55A (a frame caught mid-update or smeared by the codec fails it)
 * Read the centre of each cell and threshold its luma at 50%.
 */
export const STAMP_COLUMNS = 16;
export const STAMP_ROWS = 4;
export const STAMP_CHECK_SALT = 0xa55a;

export function stampCellSize(frameHeight: number): number {
  return Math.max(8, Math.round((16 * frameHeight) / 720));
}

export interface FrameStamp {
  /** Low 32 bits of the ms clock (Date.now()) when the frame was drawn. */
  readonly clockMs: number;
  readonly frame: number;
}

export function stampWords(stamp: FrameStamp): [number, number, number, number] {
  const hi = (stamp.clockMs >>> 16) & 0xffff;
  const lo = stamp.clockMs & 0xffff;
  const frame = stamp.frame & 0xffff;
  return [hi, lo, frame, (hi ^ lo ^ frame ^ STAMP_CHECK_SALT) & 0xffff];
}

interface StampContext {
  fillStyle: unknown;
  fillRect(x: number, y: number, w: number, h: number): void;
}

export function drawFrameStamp(ctx: StampContext, frameHeight: number, stamp: FrameStamp): void {
  const cell = stampCellSize(frameHeight);
  const words = stampWords(stamp);
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, STAMP_COLUMNS * cell, STAMP_ROWS * cell);
  ctx.fillStyle = '#fff';
  for (let row = 0; row < STAMP_ROWS; row++) {
    const word = words[row]!;
    for (let col = 0; col < STAMP_COLUMNS; col++) {
      if ((word >> (STAMP_COLUMNS - 1 - col)) & 1) ctx.fillRect(col * cell, row * cell, cell, cell);
    }
  }
}

/** Reads a stamp from RGBA pixels laid out with the frame's own cell size; null when the check fails. */
export function decodeFrameStamp(rgba: ArrayLike<number>, width: number, cell: number): FrameStamp | null {
  return readStamp(cell, (x, y) => {
    const i = (y * width + x) * 4;
    return (rgba[i]! * 2 + rgba[i + 1]! * 5 + rgba[i + 2]!) / 8;
  });
}

/**
 * Reads a stamp from a frame's luma (Y) plane as a decoder gives it (`VideoFrame.copyTo`): `stride`
 * bytes a row, starting at the frame's top-left pixel. Video-range luma (16–235) keeps white above and
 * black below the same 50% threshold.
 */
export function decodeFrameStampFromLuma(luma: ArrayLike<number>, stride: number, cell: number): FrameStamp | null {
  return readStamp(cell, (x, y) => luma[y * stride + x]!);
}

/** The stamp's four words, each cell's centre averaged over 3x3 pixels and thresholded at 50%. */
function readStamp(cell: number, lumaAt: (x: number, y: number) => number): FrameStamp | null {
  const words = [0, 0, 0, 0];
  for (let row = 0; row < STAMP_ROWS; row++) {
    let word = 0;
    for (let col = 0; col < STAMP_COLUMNS; col++) {
      const cx = Math.floor(col * cell + cell / 2);
      const cy = Math.floor(row * cell + cell / 2);
      let luma = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) luma += lumaAt(cx + dx, cy + dy);
      word = (word << 1) | (luma / 9 >= 128 ? 1 : 0);
    }
    words[row] = word;
  }
  const [hi, lo, frame, check] = words as [number, number, number, number];
  if (((hi ^ lo ^ frame ^ STAMP_CHECK_SALT) & 0xffff) !== check) return null;
  return { clockMs: ((hi << 16) | lo) >>> 0, frame };
}

/** ms from a stamp's clock to `nowMs` (both Date.now()-based), correct across the 32-bit wrap. */
export function stampAgeMs(stamp: FrameStamp, nowMs: number): number {
  return ((Math.floor(nowMs) >>> 0) - stamp.clockMs) | 0;
}

/**
 * The same decoders as plain browser JavaScript (the test page and the bench inject it, in the page and
 * in a worker): defines `decodeFrameStamp(rgba, width, cell)`, `decodeFrameStampFromLuma(luma, stride,
 * cell)` and `stampCellSize(frameHeight)`.
 */
export const STAMP_DECODER_JS = `
function stampCellSize(frameHeight) { return Math.max(8, Math.round((16 * frameHeight) / 720)); }
function readStamp(cell, lumaAt) {
  var words = [0, 0, 0, 0];
  for (var row = 0; row < ${STAMP_ROWS}; row++) {
    var word = 0;
    for (var col = 0; col < ${STAMP_COLUMNS}; col++) {
      var cx = Math.floor(col * cell + cell / 2), cy = Math.floor(row * cell + cell / 2), luma = 0;
      for (var dy = -1; dy <= 1; dy++) for (var dx = -1; dx <= 1; dx++) luma += lumaAt(cx + dx, cy + dy);
      word = (word << 1) | (luma / 9 >= 128 ? 1 : 0);
    }
    words[row] = word;
  }
  if (((words[0] ^ words[1] ^ words[2] ^ ${STAMP_CHECK_SALT}) & 0xffff) !== words[3]) return null;
  return { clockMs: ((words[0] << 16) | words[1]) >>> 0, frame: words[2] };
}
function decodeFrameStamp(rgba, width, cell) {
  return readStamp(cell, function (x, y) { var i = (y * width + x) * 4; return (rgba[i] * 2 + rgba[i + 1] * 5 + rgba[i + 2]) / 8; });
}
function decodeFrameStampFromLuma(luma, stride, cell) {
  return readStamp(cell, function (x, y) { return luma[y * stride + x]; });
}
`;
