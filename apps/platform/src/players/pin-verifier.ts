import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import {
  formatPinVerifier,
  parsePinVerifier,
  PIN_VERIFIER_ITERATIONS,
  PIN_VERIFIER_KEY_BYTES,
  PIN_VERIFIER_SCHEME,
} from '@reelcast/protocol';

const derive = promisify(pbkdf2);
const SALT_BYTES = 16;

/**
 * What the platform stores and sends as `pin_code` for an idle-lock PIN (SPEC §4): its PBKDF2-SHA-256
 * verifier with a fresh random salt, never the PIN (docs/pin-lock.md). Off the event loop: node's
 * pbkdf2 runs in the thread pool.
 */
export async function makePinVerifier(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, PIN_VERIFIER_ITERATIONS, PIN_VERIFIER_KEY_BYTES, 'sha256');
  return formatPinVerifier({ iterations: PIN_VERIFIER_ITERATIONS, salt, key });
}

/** Whether `pin` is the PIN `verifier` was made from; false for anything that is not a verifier. */
export async function pinMatches(verifier: string, pin: string): Promise<boolean> {
  const parsed = parsePinVerifier(verifier);
  if (!parsed) return false;
  const key = await derive(pin, parsed.salt, parsed.iterations, parsed.key.length, 'sha256');
  return timingSafeEqual(key, parsed.key);
}

/** A stored `pin_code` in the verifier's form (a PIN an older version kept in clear is not). */
export const isPinVerifier = (stored: string): boolean => parsePinVerifier(stored) !== null;

/** The prefix every verifier starts with: what the start step's query looks for. */
export const PIN_VERIFIER_PREFIX = `${PIN_VERIFIER_SCHEME}$`;
