import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parsePinVerifier, PIN_VERIFIER_ITERATIONS } from '@reelcast/protocol';
import { isPinVerifier, makePinVerifier, pinMatches } from './pin-verifier.ts';

describe('PIN verifier (docs/pin-lock.md)', () => {
  it('is pbkdf2-sha256$iterations$salt$key with a 16-byte salt and a 32-byte key, and never holds the PIN', async () => {
    const verifier = await makePinVerifier('482913');
    expect(verifier).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(verifier).not.toContain('482913');
    const parsed = parsePinVerifier(verifier)!;
    expect(parsed.iterations).toBe(PIN_VERIFIER_ITERATIONS);
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.key).toHaveLength(32);
    expect(isPinVerifier(verifier)).toBe(true);
  });

  it('salts each verifier afresh: the same PIN twice gives two different verifiers, both matching', async () => {
    const [a, b] = await Promise.all([makePinVerifier('1234'), makePinVerifier('1234')]);
    expect(a).not.toBe(b);
    expect(await pinMatches(a, '1234')).toBe(true);
    expect(await pinMatches(b, '1234')).toBe(true);
  });

  it('matches the right PIN only', async () => {
    const verifier = await makePinVerifier('1234');
    for (const wrong of ['1235', '4321', '12345', '123', '', ' 1234', '1234 ']) expect(await pinMatches(verifier, wrong)).toBe(false);
  });

  it('derives the key as standard PBKDF2-HMAC-SHA-256 (checked with WebCrypto, as a browser would)', async () => {
    const verifier = await makePinVerifier('0000');
    const { salt, iterations, key } = parsePinVerifier(verifier)!;
    const material = await webcrypto.subtle.importKey('raw', new TextEncoder().encode('0000'), 'PBKDF2', false, ['deriveBits']);
    const bits = await webcrypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256);
    expect(Buffer.from(bits).equals(Buffer.from(key))).toBe(true);
  });

  it('a stored text that is not a verifier (a PIN in clear, a broken one) matches nothing', async () => {
    const verifier = await makePinVerifier('1234');
    for (const stored of ['1234', '', 'pbkdf2-sha256$100000$abc', verifier.replace('pbkdf2-sha256', 'pbkdf2-sha1'), `${verifier}$x`]) {
      expect(isPinVerifier(stored)).toBe(false);
      expect(await pinMatches(stored, '1234')).toBe(false);
    }
  });
});
