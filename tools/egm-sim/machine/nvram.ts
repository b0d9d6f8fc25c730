import fs from 'node:fs';
import path from 'node:path';
import { nvramSchema, type NvramState } from './state.ts';

/**
 * The machine's NVRAM as a file: read back validated (a file that does not parse is a memory error, and the
 * machine refuses to start rather than guess), written whole to a temporary file, flushed, then renamed over
 * the old one, so a power loss at any moment leaves either the old state or the new one.
 */
export function loadNvram(file: string): NvramState | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`NVRAM file ${file} is not JSON`, { cause: error });
  }
  const parsed = nvramSchema.safeParse(json);
  if (!parsed.success) throw new Error(`NVRAM file ${file} is not a version 1 machine state: ${parsed.error.message}`);
  return parsed.data;
}

export function saveNvram(file: string, state: NvramState): void {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, JSON.stringify(state), { flush: true });
  fs.renameSync(temporary, file);
}
