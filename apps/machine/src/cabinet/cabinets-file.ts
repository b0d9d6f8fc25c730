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

/** One machine's cabinet: the emulator (the default), or a real cabinet on its SAS port and output board. */
const cabinetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ machineId, kind: z.literal('emulated'), video }),
  z.strictObject({ machineId, kind: z.literal('sas'), video, ...sasCabinetSettingsSchema.shape }),
]);
export type CabinetEntry = z.infer<typeof cabinetSchema>;

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
