import { z } from 'zod';

const count = z.number().int().nonnegative();

/** One AFT transfer: the current one, and each kept in the history buffer. */
export const transferSchema = z.object({
  transactionId: z.string(),
  /** 0x00 in-house host to machine, 0x80 in-house machine to host. */
  type: z.number().int(),
  /** 0x00 full transfer only, 0x01 partial allowed. */
  code: z.number().int(),
  /** SAS transfer status: 0x00 full, 0x01 partial, 0x40 pending, 0x80 and above refused or failed. */
  status: z.number().int(),
  requestedCents: count,
  /** Actual amount once final, pending amount while pending, 0 when refused. */
  cashableCents: count,
  flags: z.number().int(),
  assetNumber: count,
  /** History buffer position, 0 until the host has acknowledged a successful transfer. */
  position: z.number().int().min(0).max(127),
  completedAt: z.number().int().nullable(),
  /** The machine's cumulative meter for this direction once final (cents). */
  cumulativeCents: count.nullable(),
  /** Polls addressed to the machine before a pending transfer becomes final (fault injection). */
  pendingPolls: count.nullable(),
  acknowledged: z.boolean(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const metersSchema = z.object({
  coinIn: count,
  coinOut: count,
  jackpot: count,
  handPaidCancelledCredits: count,
  cancelledCredits: count,
  gamesPlayed: count,
  gamesWon: count,
  gamesLost: count,
  drop: count,
  aftInCents: count,
  aftInCount: count,
  aftOutCents: count,
  aftOutCount: count,
});
export type Meters = z.infer<typeof metersSchema>;

/** Everything a real machine keeps in NVRAM: it survives a power loss (machine/nvram.ts). */
export const nvramSchema = z.object({
  version: z.literal(1),
  credits: count,
  bet: z.number().int().positive(),
  playEnabled: z.boolean(),
  doorOpen: z.boolean(),
  tilt: z.number().int().nullable(),
  changeLamp: z.boolean(),
  meters: metersSchema,
  game: z.object({ bet: z.number().int().positive(), stops: z.array(count), win: count }).nullable(),
  handPay: z
    .object({ credits: count, kind: z.enum(['win', 'cancelledCredits', 'floor']), infoRead: z.boolean(), gameEnds: z.boolean() })
    .nullable(),
  rng: z.number().int(),
  exceptions: z.object({
    priority: z.array(z.number().int()),
    fifo: z.array(z.object({ seq: count, code: z.number().int() })),
    nextSeq: count,
  }),
  aft: z.object({
    registration: z.object({ status: z.number().int(), key: z.string().regex(/^[0-9a-f]{40}$/), posId: count }),
    current: transferSchema.nullable(),
    history: z.array(transferSchema),
    nextPosition: z.number().int().min(1).max(127),
  }),
});
export type NvramState = z.infer<typeof nvramSchema>;

export const ZERO_KEY = '0'.repeat(40);

export function freshState(rngSeed: number): NvramState {
  return {
    version: 1,
    credits: 0,
    bet: 1,
    playEnabled: true,
    doorOpen: false,
    tilt: null,
    changeLamp: false,
    meters: {
      coinIn: 0,
      coinOut: 0,
      jackpot: 0,
      handPaidCancelledCredits: 0,
      cancelledCredits: 0,
      gamesPlayed: 0,
      gamesWon: 0,
      gamesLost: 0,
      drop: 0,
      aftInCents: 0,
      aftInCount: 0,
      aftOutCents: 0,
      aftOutCount: 0,
    },
    game: null,
    handPay: null,
    rng: rngSeed,
    exceptions: { priority: [], fifo: [], nextSeq: 0 },
    aft: { registration: { status: 0x80, key: ZERO_KEY, posId: 0 }, current: null, history: [], nextPosition: 1 },
  };
}
