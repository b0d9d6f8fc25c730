/** A seed string as the 32-bit starting state of the game's generator (FNV-1a). */
export function seedState(seed: string): number {
  let hash = 0x811c9dc5;
  for (const char of seed) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash | 0;
}

/**
 * Mulberry32: a small generator whose whole state is one 32-bit number, so NVRAM keeps it and the sequence of
 * outcomes continues across a power loss. Returns the next state and a draw in [0, 1).
 */
export function nextDraw(state: number): { state: number; value: number } {
  const next = (state + 0x6d2b79f5) | 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { state: next, value: ((t ^ (t >>> 14)) >>> 0) / 4294967296 };
}
