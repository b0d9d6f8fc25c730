import { decimalText, jsonId } from '@reelcast/protocol';

const machineIdText = decimalText(jsonId);

/**
 * A machine's id from a path segment or a socket namespace, read as the platform reads ids (docs/api.md
 * "Integers"): canonical decimal digits only, so "08", "0x8", "8.0" or " 8" name no machine.
 */
export function machineIdOf(text: string): number | null {
  const parsed = machineIdText.safeParse(text);
  return parsed.success ? parsed.data : null;
}
