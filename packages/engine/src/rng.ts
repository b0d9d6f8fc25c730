/**
 * Seedable PRNG for the game engine: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator),
 * seeded through splitmix32 so that nearby seeds give unrelated streams. Its whole state is four
 * 32-bit words, so a machine can persist it in its snapshot and resume the exact same sequence.
 */

export type RngState = readonly [number, number, number, number];
export type RngSeed = number | string;

const TWO_POW_32 = 0x1_0000_0000;

/** FNV-1a over the UTF-16 code units: string seeds (e.g. a machine id) become a 32-bit seed. */
export function hashSeed(seed: RngSeed): number {
  if (typeof seed === 'number') {
    if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
    return seed >>> 0;
  }
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  private constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  static fromSeed(seed: RngSeed): Rng {
    const next = splitmix32(hashSeed(seed));
    const rng = new Rng([next(), next(), next(), next()]);
    // sfc32's reference seeding discards the first outputs so the counter has mixed in.
    for (let i = 0; i < 12; i++) rng.nextUint32();
    return rng;
  }

  static fromState(state: RngState): Rng {
    if (state.length !== 4 || !state.every((w) => Number.isInteger(w) && w >= 0 && w < TWO_POW_32)) {
      throw new RangeError('RNG state must be four unsigned 32-bit integers');
    }
    return new Rng(state);
  }

  snapshot(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  nextUint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = (this.b ^ (this.b >>> 9)) >>> 0;
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /**
   * Uniform integer in [0, maxExclusive). Rejection sampling instead of `% max`: a plain modulo
   * would favour low values whenever max does not divide 2^32, which a regulator's RNG test catches.
   */
  nextInt(maxExclusive: number): number {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_POW_32) {
      throw new RangeError(`maxExclusive must be an integer in [1, 2^32], got ${maxExclusive}`);
    }
    const limit = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return x % maxExclusive;
  }
}
