import { describe, expect, it } from 'vitest';
import { formatPinVerifier, PIN_VERIFIER_ITERATIONS } from '@reelcast/protocol';
import { pinMatches } from './pin-verifier';

/** A verifier made by another PBKDF2 than the portal's (WebCrypto's), as the platform makes it (node's). */
async function platformVerifier(pin: string, iterations = 2_000): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const key = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, 256));
  return formatPinVerifier({ iterations, salt, key });
}

describe('PIN check in the browser (docs/pin-lock.md)', () => {
  it('accepts the PIN a platform verifier was made from and refuses any other', async () => {
    const verifier = await platformVerifier('1234');
    expect(await pinMatches(verifier, '1234')).toBe(true);
    for (const wrong of ['1235', '4321', '12345', '123', '', '1234 ', '١٢٣٤']) expect(await pinMatches(verifier, wrong)).toBe(false);
  });

  it('reads the iterations from the verifier: the platform’s 100,000 as well', async () => {
    const verifier = await platformVerifier('90210', PIN_VERIFIER_ITERATIONS);
    expect(verifier).toContain('$100000$');
    expect(await pinMatches(verifier, '90210')).toBe(true);
    expect(await pinMatches(verifier, '90211')).toBe(false);
  });

  it('a pin_code that is not a verifier (a PIN in clear from an old platform, a broken one) unlocks nothing', async () => {
    const good = await platformVerifier('1234');
    const at = good.length - 10; // a character of the key (its last one carries padding bits)
    const otherKey = good.slice(0, at) + (good[at] === 'A' ? 'B' : 'A') + good.slice(at + 1);
    for (const stored of ['1234', '', 'pbkdf2-sha256$2000$abc', otherKey, good.slice(0, -4)]) {
      expect(await pinMatches(stored, '1234')).toBe(false);
    }
  });
});
