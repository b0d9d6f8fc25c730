import fs from 'node:fs';
import { z } from 'zod';
import type { CaptureInput } from '../video/index.ts';
import { sasCabinetSettingsSchema } from './sas-cabinet/settings.ts';

const machineId = z.int().positive();

/** The cabinet's picture from a camera or stream: ffmpeg's input (docs/video.md "A camera as the picture"). */
const captureSchema = z.strictObject({
  input: z.string().min(1),
  format: z.string().min(1).optional(),
  options: z.record(z.string().regex(/^[a-z0-9_]+$/, 'an ffmpeg option name'), z.string()).optional(),
  realtime: z.boolean().optional(),
  passthrough: z
    .strictObject({ profileLevelId: z.string().regex(/^[0-9a-fA-F]{6}$/, "RFC 6184's profile-level-id: 6 hex digits") })
    .optional(),
}) satisfies z.ZodType<CaptureInput>;
const video = captureSchema.optional();

/** The accounting denominations SAS can name (cents; the simulator's, as a real machine's menu offers them). */
const SAS_DENOMINATIONS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 10000];

/**
 * A demonstration without hardware (docs/cabinets.md "Simulated cabinets"): a SAS cabinet whose machine
 * is tools/egm-sim, started for the agent by the launcher on its own pseudo-terminals, its picture the
 * simulator's screen unless `video` says otherwise.
 */
const simulatedSchema = z.strictObject({
  machineId,
  kind: z.literal('simulated'),
  /** Minor units per credit, on the simulator and the cabinet alike. */
  denomination: z
    .int()
    .refine((cents) => SAS_DENOMINATIONS.includes(cents), `a SAS denomination: ${SAS_DENOMINATIONS.join(', ')}`)
    .default(1),
  /** The simulator's reel game seed; default `machine-{machineId}`. */
  seed: z.string().min(1).optional(),
  /** How long the simulator's reels spin. */
  gameMs: z.int().min(0).max(60_000).default(1_500),
  video,
});
export type SimulatedCabinetEntry = z.infer<typeof simulatedSchema>;

/** One machine's cabinet: the emulator (the default), a real cabinet on its SAS port and output board, or a simulated one. */
const cabinetSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    machineId,
    kind: z.literal('emulated'),
    video,
    /** Set to hand pay: a win at or above `threshold` minor units waits for staff to confirm it in the console (docs/console.md "Hand pay"). */
    handPay: z.strictObject({ threshold: z.int().positive() }).optional(),
  }),
  z.strictObject({ machineId, kind: z.literal('sas'), video, ...sasCabinetSettingsSchema.shape }),
  simulatedSchema,
]);
/** A cabinet the agent hosts: a simulated one has become a `sas` one on its simulator's pseudo-terminals first. */
export type CabinetEntry = Exclude<z.infer<typeof cabinetSchema>, SimulatedCabinetEntry>;

/**
 * The operator's cabinets file (docs/cabinets.md "The cabinets file"): which machine the agent hosts
 * with which cabinet, and each real cabinet's settings. Each machine once.
 */
export const cabinetsFileSchema = z.strictObject({
  cabinets: z
    .array(cabinetSchema)
    .min(1, 'name at least one machine')
    .superRefine((cabinets, context) => {
      const seen = new Set<number>();
      cabinets.forEach((cabinet, index) => {
        if (seen.has(cabinet.machineId))
          context.addIssue({ code: 'custom', path: [index, 'machineId'], message: `machine ${cabinet.machineId} is named twice` });
        seen.add(cabinet.machineId);
      });
    }),
});
export type CabinetsFile = z.infer<typeof cabinetsFileSchema>;
export type CabinetsFileEntry = CabinetsFile['cabinets'][number];

/** A field's path as an operator writes it: cabinets[1].output.buttons.play. */
const fieldPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)), '');

/** Reads and checks the cabinets file; an error names the file, the field and what is wrong with it. */
export function readCabinetsFile(file: string): CabinetsFile {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`the cabinets file ${file} cannot be read as JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseCabinets(json, file);
}

export function parseCabinets(json: unknown, file = 'the cabinets file'): CabinetsFile {
  const parsed = cabinetsFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${fieldPath(issue.path) || '(the file)'}: ${issue.message}`);
  throw new Error(`${file} is not valid: ${issues.join('; ')}`);
}
