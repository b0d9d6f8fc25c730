import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const SCHEME = 'aes-256-gcm';

/**
 * The PIN sealed (AES-256-GCM) with a key derived from the instances' shared secret (the token signing
 * key), so the platform can show a player their own PIN again once they give their password
 * (docs/pin-lock.md "Showing the PIN"). What is sent to browsers stays the verifier.
 */
export class PinSeal {
  readonly #key: Buffer;

  constructor(secret: Uint8Array) {
    if (secret.length < 32) throw new Error('The PIN seal needs a secret of 32 bytes or more.');
    this.#key = Buffer.from(hkdfSync('sha256', secret, 'reelcast', 'pin seal v1', 32));
  }

  seal(pin: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(SCHEME, this.#key, iv);
    const sealed = Buffer.concat([cipher.update(pin, 'utf8'), cipher.final()]);
    return [SCHEME, iv, sealed, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('$');
  }

  /** The PIN, or null when `sealed` is not one of ours (another key: the signing keys were replaced). */
  open(sealed: string): string | null {
    const [scheme, iv, data, tag] = sealed.split('$');
    if (scheme !== SCHEME || !iv || !data || !tag) return null;
    try {
      const decipher = createDecipheriv(SCHEME, this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
