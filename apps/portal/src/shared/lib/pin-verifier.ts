import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { parsePinVerifier } from '@reelcast/protocol';

/**
 * Whether `pin` is the PIN the platform made `verifier` (the login answer's `pin_code`) from: the same
 * PBKDF2-SHA-256 key derived here and compared in constant time, so the browser never holds the PIN
 * (docs/pin-lock.md). Not WebCrypto: it exists only on HTTPS and localhost, and a cabinet may be
 * served over plain HTTP on its network. The derivation yields to the page every 10 ms (a spinner
 * keeps turning). False for a `verifier` that is not one.
 */
export async function pinMatches(verifier: string, pin: string): Promise<boolean> {
  const parsed = parsePinVerifier(verifier);
  if (!parsed) return false;
  const key = await pbkdf2Async(sha256, pin, parsed.salt, { c: parsed.iterations, dkLen: parsed.key.length, asyncTick: 10 });
  let difference = 0;
  for (let i = 0; i < key.length; i++) difference |= key[i]! ^ parsed.key[i]!;
  return difference === 0;
}
