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

/** The planes of a picture, as views on its buffer. */
export function i420Planes(picture: I420Frame): I420Planes {
  const { width, height, data } = picture;
  const chromaWidth = Math.ceil(width / 2);
  const u = width * height;
  const v = u + chromaWidth * Math.ceil(height / 2);
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
 */
export function copyI420Block(src: I420Frame, sx: number, sy: number, w: number, h: number, dst: I420Frame, dx: number, dy: number): void {
  if ((sx | sy | w | h | dx | dy) & 1) throw new Error(`An I420 block is copied on even pixels only (${sx},${sy} ${w}x${h} → ${dx},${dy})`);
  const from = src.data;
  const to = dst.data;
  copyRows(from, 0, src.width, sx, sy, to, 0, dst.width, dx, dy, w, h);
  const srcChroma = Math.ceil(src.width / 2);
  const dstChroma = Math.ceil(dst.width / 2);
  const srcU = src.width * src.height;
  const dstU = dst.width * dst.height;
  const srcV = srcU + srcChroma * Math.ceil(src.height / 2);
  const dstV = dstU + dstChroma * Math.ceil(dst.height / 2);
  copyRows(from, srcU, srcChroma, sx / 2, sy / 2, to, dstU, dstChroma, dx / 2, dy / 2, w / 2, h / 2);
  copyRows(from, srcV, srcChroma, sx / 2, sy / 2, to, dstV, dstChroma, dx / 2, dy / 2, w / 2, h / 2);
}

function copyRows(
  from: Uint8ClampedArray,
  fromPlane: number,
  fromStride: number,
  sx: number,
  sy: number,
  to: Uint8ClampedArray,
  toPlane: number,
  toStride: number,
  dx: number,
  dy: number,
  w: number,
  h: number,
): void {
  let source = fromPlane + sy * fromStride + sx;
  let target = toPlane + dy * toStride + dx;
  for (let row = 0; row < h; row++) {
    to.set(from.subarray(source, source + w), target);
    source += fromStride;
    target += toStride;
  }
}
