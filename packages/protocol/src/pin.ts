// The idle-lock PIN's verifier: no schema library here, so the portal's lazy PIN check that imports it
// pulls in nothing else of the protocol (docs/pin-lock.md).

/**
 * The idle-lock PIN as the platform stores it and sends it as `pin_code` (SPEC §4 "compared after
 * transformation with the stored code"): never the PIN itself, but
 * `pbkdf2-sha256$<iterations>$<salt, base64url>$<32-byte derived key, base64url>`.
 * The portal derives the same key from what the player types and compares (docs/pin-lock.md).
 */
export const PIN_VERIFIER_SCHEME = 'pbkdf2-sha256';
export const PIN_VERIFIER_ITERATIONS = 100_000;
export const PIN_VERIFIER_KEY_BYTES = 32;

export interface PinVerifier {
  iterations: number;
  salt: Uint8Array;
  key: Uint8Array;
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The parts of a stored verifier, or null for anything else (a PIN stored in clear, a typo). */
export function parsePinVerifier(text: string): PinVerifier | null {
  const [scheme, iterationsText, saltText, keyText, ...rest] = text.split('$');
  if (scheme !== PIN_VERIFIER_SCHEME || rest.length > 0 || !iterationsText || !saltText || !keyText) return null;
  if (!/^[1-9]\d{0,6}$/.test(iterationsText)) return null;
  const salt = fromBase64Url(saltText);
  const key = fromBase64Url(keyText);
  if (!salt || !key || salt.length < 8 || key.length !== PIN_VERIFIER_KEY_BYTES) return null;
  return { iterations: Number(iterationsText), salt, key };
}

export function formatPinVerifier({ iterations, salt, key }: PinVerifier): string {
  return `${PIN_VERIFIER_SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(key)}`;
}
