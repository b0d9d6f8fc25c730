import { z } from 'zod/mini';
import { documented } from './meta.ts';

/**
 * Linked brand jackpots (docs/jackpots.md). Every machine of a brand feeds the brand's meters with a
 * share of each bet; each meter hits at a hidden value between its seed and its ceiling ("must hit
 * by"), the bet that reaches it wins the meter, paid into the player's wallet (action 6 JACKPOT), and
 * the meter starts again at its seed. `GET /machine/brands` keeps SPEC §3's comma-separated string;
 * the live values travel on the notification socket (SPEC §7's jackpot signalling).
 *
 * @example
 * socket.on(NotificationEvent.Jackpot, (p) => updateBrandJackpot(jackpotPush.parse(p)))
 */

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const minor = z.int().check(z.nonnegative(), z.maximum(Number.MAX_SAFE_INTEGER));

/** Machine API: the agent reports a machine's play counters since its engine began (cumulative, so a repeat or a late report is harmless). */
export const playCountersReport = z.strictObject({
  /** Spins played on the machine so far (the engine's counter). */
  spins: z.int().check(z.nonnegative()),
  /** Sum of every bet so far, minor units. */
  totalBet: minor,
  /** The slot session whose seat played the latest spins; null when no one is seated. */
  sessionId: documented(z.nullable(z.uuid()), { description: 'Seat that played the spins reported since the last report' }),
});
export type PlayCountersReport = z.infer<typeof playCountersReport>;

export const jackpotHitAnswer = z.object({
  tier: z.int().check(z.nonnegative()),
  name: z.string(),
  amount: minor,
});
export const playCountersAnswer = z.object({
  /** Minor units this report added to the brand's meters (after the carry of fractions). */
  contributed: minor,
  /** Meters this report made hit (paid to the seated player). */
  hits: z.array(jackpotHitAnswer),
});
export type PlayCountersAnswer = z.infer<typeof playCountersAnswer>;

/** Notification socket: a brand's meters changed (throttled per brand). `jackpot` is the SPEC §3 string. */
export const jackpotPush = z.object({
  brandId: id,
  jackpot: documented(z.string(), { description: 'Comma-separated meter values in display units, as GET /machine/brands' }),
});
export type JackpotPush = z.infer<typeof jackpotPush>;

/** Notification socket, to everyone: a meter hit. The winner is named only by a masked name. */
export const jackpotWinPush = z.object({
  brandId: id,
  brand: z.string(),
  tier: z.int().check(z.nonnegative()),
  name: documented(z.string(), { description: "The meter's name, e.g. 'Grand'" }),
  amount: minor,
  machineId: id,
  machine: z.string(),
  winner: documented(z.string(), { description: 'Masked display name, e.g. "D***"' }),
  /** True only on the winner's own sockets. */
  mine: z.boolean(),
});
export type JackpotWinPush = z.infer<typeof jackpotWinPush>;
