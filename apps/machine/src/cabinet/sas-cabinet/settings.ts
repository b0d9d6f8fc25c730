import { z } from 'zod';
import { cabinetButtons, outputSettingsSchema } from '../output/index.ts';

const KEY = /^[0-9a-f]{40}$/i;

/**
 * One real cabinet behind the SAS cabinet (docs/cabinets.md "Settings"). The cabinets file that names
 * every cabinet embeds this schema; each field names itself when it is wrong.
 */
export const sasCabinetSettingsSchema = z.object({
  /** The SAS port: a serial device (mark/space parity), or a pseudo-terminal of the simulator (test link). */
  link: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('serial'), device: z.string().min(1) }),
    z.object({ kind: z.literal('test'), device: z.string().min(1) }),
  ]),
  address: z.int().min(1).max(127).default(1),
  /** The machine's asset number, as set on the machine (AFT refuses another). */
  assetNumber: z.int().min(1).max(0xffff_ffff),
  /** The AFT registration key, 20 bytes as 40 hex digits, not all zero. */
  registrationKey: z
    .string()
    .regex(KEY, '20 bytes as 40 hex digits')
    .refine((key) => /[1-9a-f]/i.test(key), 'not all zero: a zero key means no registration'),
  posId: z.int().min(0).max(0xffff_ffff).default(0),
  /** Minor units (kuruş) per credit: the machine's SAS accounting denomination. */
  denomination: z.int().positive(),
  /** Wider answer windows than SAS's 20 ms / 5 ms, for a USB adapter's latency or a loaded test machine. */
  timing: z
    .object({ responseTimeoutMs: z.int().min(20).max(1_000), interByteTimeoutMs: z.int().min(5).max(500) })
    .partial()
    .default({}),
  output: outputSettingsSchema,
  /** The buttons that start a game: their press is confirmed by the machine's game-started exception. */
  startButtons: z.array(z.enum(cabinetButtons)).default(['play', 'maxBet']),
  /** How long a start press waits for game-started before it is reported not taken. */
  pressConfirmMs: z.int().min(100).max(30_000).default(2_000),
  /** How long disabling play waits for a game in progress to end before reading the meters. */
  gameEndWaitMs: z.int().min(0).max(600_000).default(30_000),
});
export type SasCabinetSettings = z.infer<typeof sasCabinetSettingsSchema>;

export const registrationKeyBytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
