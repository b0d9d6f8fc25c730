import { i420Size, wrtc, type I420Frame } from './wrtc.ts';

/** RGBA pixels that own their whole buffer, as rgbaToI420 requires (an ImageData does; a subarray does not). */
interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export interface I420Planes {
  readonly y: Uint8ClampedArray;
  readonly u: Uint8ClampedArray;
  readonly v: Uint8ClampedArray;
  /** Bytes a row of U and of V. */
  readonly chromaWidth: number;
}

export function blankI420(width: number, height: number): I420Frame {
  return { width, height, data: new Uint8ClampedArray(i420Size(width, height)) };
}

/** RGBA to I420 with the converter every sink has been fed through (libyuv in @roamhq/wrtc), into `out` when given. */
export function toI420(rgba: RgbaPixels, out: I420Frame = blankI420(rgba.width, rgba.height)): I420Frame {
  wrtc.nonstandard.rgbaToI420(rgba, out);
  return out;
}

/** Where a picture's U and V planes start in its buffer, and the bytes a chroma row, without making views (the copies run every frame). */
function planeLayout({ width, height }: I420Frame): { u: number; v: number; chromaWidth: number } {
  const chromaWidth = Math.ceil(width / 2);
  const u = width * height;
  return { u, v: u + chromaWidth * Math.ceil(height / 2), chromaWidth };
}

/** The planes of a picture, as views on its buffer. */
export function i420Planes(picture: I420Frame): I420Planes {
  const { u, v, chromaWidth } = planeLayout(picture);
  const { data } = picture;
  return { y: data.subarray(0, u), u: data.subarray(u, v), v: data.subarray(v), chromaWidth };
}

/** The Y, U and V the converter gives an opaque colour. */
export function i420Colour(r: number, g: number, b: number): { y: number; u: number; v: number } {
  const picture = toI420({ width: 2, height: 2, data: new Uint8ClampedArray([r, g, b, 255, r, g, b, 255, r, g, b, 255, r, g, b, 255]) });
  return { y: picture.data[0]!, u: picture.data[4]!, v: picture.data[5]! };
}

/**
 * Copies the w x h block of `src` at (sx, sy) into `dst` at (dx, dy): its Y rows, then its U and V rows at half
 * size. Every coordinate and size is even, so each chroma sample covers the same 2x2 pixels in both pictures.
 * Whole rows of `src` (a glyph, a strip, a text rectangle) are copied from views made once per picture, so
 * copying them allocates nothing; parts of rows (the cabinet under a reel) take a view a row.
 */
export function copyI420Block(src: I420Frame, sx: number, sy: number, w: number, h: number, dst: I420Frame, dx: number, dy: number): void {
  if ((sx | sy | w | h | dx | dy) & 1) throw new Error(`An I420 block is copied on even pixels only (${sx},${sy} ${w}x${h} → ${dx},${dy})`);
  const to = dst.data;
  const { u: dstU, v: dstV, chromaWidth: dstChroma } = planeLayout(dst);
  if (sx === 0 && w === src.width) {
    const [yRows, uRows, vRows] = rowsOf(src);
    for (let row = 0; row < h; row++) to.set(yRows[sy + row]!, (dy + row) * dst.width + dx);
    for (let row = 0; row < h / 2; row++) {
      const at = (dy / 2 + row) * dstChroma + dx / 2;
      to.set(uRows[sy / 2 + row]!, dstU + at);
      to.set(vRows[sy / 2 + row]!, dstV + at);
    }
    return;
  }
  const from = src.data;
  const { u: srcU, v: srcV, chromaWidth: srcChroma } = planeLayout(src);
  for (let row = 0; row < h; row++) {
    const at = (sy + row) * src.width + sx;
    to.set(from.subarray(at, at + w), (dy + row) * dst.width + dx);
  }
  for (let row = 0; row < h / 2; row++) {
    const at = (sy / 2 + row) * srcChroma + sx / 2;
    const target = (dy / 2 + row) * dstChroma + dx / 2;
    to.set(from.subarray(srcU + at, srcU + at + w / 2), dstU + target);
    to.set(from.subarray(srcV + at, srcV + at + w / 2), dstV + target);
  }
}

type RowViews = readonly [y: Uint8ClampedArray[], u: Uint8ClampedArray[], v: Uint8ClampedArray[]];
/** Each row of a picture's Y, U and V planes as a view of its own, made the first time the picture's whole rows are copied. */
const rowViews = new WeakMap<I420Frame, RowViews>();

function rowsOf(picture: I420Frame): RowViews {
  let rows = rowViews.get(picture);
  if (rows) return rows;
  const { y, u, v, chromaWidth } = i420Planes(picture);
  const split = (plane: Uint8ClampedArray, width: number, height: number) =>
    Array.from({ length: height }, (_, row) => plane.subarray(row * width, (row + 1) * width));
  const chromaHeight = Math.ceil(picture.height / 2);
  rows = [split(y, picture.width, picture.height), split(u, chromaWidth, chromaHeight), split(v, chromaWidth, chromaHeight)];
  rowViews.set(picture, rows);
  return rows;
}
