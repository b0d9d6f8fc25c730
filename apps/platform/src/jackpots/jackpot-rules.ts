import { randomInt } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@reelcast/protocol';

/**
 * The arithmetic of the brand jackpots (docs/jackpots.md), free of the database: the meters a brand's
 * SPEC §3 jackpot string starts, a bet's share with its carried fraction, the hidden trigger, and the
 * forms the meters are shown in.
 */

/** Meter names by tier, largest first; a brand with more values names the rest `Tier N`. */
const TIER_NAMES = ['Grand', 'Major', 'Minor', 'Mini'];
export const tierName = (tier: number) => TIER_NAMES[tier] ?? `Tier ${tier + 1}`;

/** Share of every bet per tier by default, in basis points: 0.5 %, 0.3 %, 0.2 %, then 0.1 %. */
const DEFAULT_BASIS_POINTS = [50, 30, 20];
export const defaultBasisPoints = (tier: number) => DEFAULT_BASIS_POINTS[tier] ?? 10;

/** A meter's payout is one ledger movement, so a meter never holds more than one movement may carry. */
export const METER_MAX = BigInt(MAX_AMOUNT_MINOR);

/** "Must hit by": twice the seed by default, within METER_MAX. */
export const defaultCeiling = (seed: bigint) => (seed * 2n < METER_MAX ? seed * 2n : METER_MAX);

/** Fractions of a minor unit are carried in 1/10,000 (a bet in minor units times basis points). */
export const CARRY_SCALE = 10_000n;

/**
 * The seeds of a brand's SPEC §3 jackpot string ('12500.00,2500.50,640.75'), in minor units, largest
 * tier first; [] for an empty string, null when a value is not an amount above zero within METER_MAX.
 */
export function parseJackpotString(text: string): bigint[] | null {
  if (text.trim() === '') return [];
  const seeds: bigint[] = [];
  for (const part of text.split(',')) {
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(part.trim());
    if (!match) return null;
    const minor = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
    if (minor <= 0n || minor > METER_MAX) return null;
    seeds.push(minor);
  }
  return seeds;
}

/** Meter values as SPEC §3's comma-separated string in display units, two decimals: '12500.00,2500.50'. */
export function jackpotString(values: readonly bigint[]): string {
  return values.map((v) => `${v / 100n}.${String(v % 100n).padStart(2, '0')}`).join(',');
}

/**
 * A meter's share of `bets` (minor units): the fraction left over stays in `carry` (1/10,000 of a minor
 * unit) for the next bets, so over any number of reports the meter gets exactly floor(Σ bets × rate).
 * A meter at METER_MAX takes nothing more.
 */
export function contribute(meter: { value: bigint; carry: number; contributionBasisPoints: number }, bets: bigint) {
  const total = BigInt(meter.carry) + bets * BigInt(meter.contributionBasisPoints);
  const room = METER_MAX - meter.value;
  const share = total / CARRY_SCALE;
  return { add: share < room ? share : room > 0n ? room : 0n, carry: Number(total % CARRY_SCALE) };
}

/** Where a meter hits: uniform in [seed, ceiling], drawn with the crypto RNG at every reset and never shown. */
export function drawTrigger(seed: bigint, ceiling: bigint): bigint {
  return seed + BigInt(randomInt(0, Number(ceiling - seed) + 1));
}

/** A winner as everyone else sees them: the first letter of their name, then '***' ('D***'). */
export function maskedName(name: string): string {
  const first = [...name.trim()][0];
  return `${first ?? '?'}***`;
}
