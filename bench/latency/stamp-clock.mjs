// The frame stamp's reader, shared by the libwebrtc peer (spin-peer.mjs) and the page's frame worker
// (spin.mjs, which sends its source to the worker): no imports, no closures.

/**
 * The frame stamp (docs/video.md) read from a luma plane: row words, 3×3 average per cell, 50% threshold.
 * `frame`: { data: the plane from the frame's top-left pixel, width: its row stride, height: the frame's height }.
 */
export function stampClock(frame) {
  const cell = Math.max(8, Math.round((16 * frame.height) / 720));
  const words = [];
  for (let row = 0; row < 4; row++) {
    let word = 0;
    for (let col = 0; col < 16; col++) {
      const cx = Math.floor(col * cell + cell / 2);
      const cy = Math.floor(row * cell + cell / 2);
      let luma = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) luma += frame.data[(cy + dy) * frame.width + cx + dx];
      word = (word << 1) | (luma / 9 >= 128 ? 1 : 0);
    }
    words.push(word);
  }
  if (((words[0] ^ words[1] ^ words[2] ^ 0xa55a) & 0xffff) !== words[3]) return null;
  return ((words[0] << 16) | words[1]) >>> 0;
}
