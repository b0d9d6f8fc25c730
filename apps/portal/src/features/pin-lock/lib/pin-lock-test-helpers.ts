import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { formatPinVerifier } from '@reelcast/protocol';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { startSession, userFromClaims } from '@/shared/session/session-store';
import { decodeToken } from '@/shared/session/token-storage';
import { makeToken } from '@/test/jwt';

/** A verifier in the platform's format, with few iterations so that tests run fast. */
export function testVerifier(pin: string, iterations = 1_000): string {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return formatPinVerifier({ iterations, salt, key: pbkdf2(sha256, pin, salt, { c: iterations, dkLen: 32 }) });
}

/** Signs a player in whose login answer carried `pinCode`, in the session whose token id is `jti`. */
export function signInWithPin(pinCode: string | null, jti = 'session-1'): void {
  const token = makeToken({ jti });
  startSession({
    token,
    user: userFromClaims(decodeToken(token)!),
    lastLogin: { ip_address: null, last_logon: null, last_logon_ip: null },
    pinCode,
  });
}

/** Settings.json with the PIN check on (or off) and this idle timeout. */
export function pinCheckSettings(pinCheck = true, idleTimeoutMs = 60_000): void {
  setSettings({ ...defaultSettings, pinCheck, idleTimeoutMs });
}

/** The stored lock, parsed (null when there is none). */
export const storedLock = (): { session: string; failures: number } | null =>
  JSON.parse(window.localStorage.getItem('pin_lock') ?? 'null') as { session: string; failures: number } | null;
