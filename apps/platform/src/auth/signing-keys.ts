import fs from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

export const JWT_ALGORITHM = 'EdDSA';

export interface SigningKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  kid: string;
  /** The private key's bytes: the instances' shared secret, from which other keys are derived (HKDF). */
  secret: Uint8Array;
}

/** The private key's bytes of a stored Ed25519 JWK. */
export const secretOf = (privateJwk: JWK): Uint8Array => Buffer.from(privateJwk.d ?? '', 'base64url');

/**
 * Loads the Ed25519 token signing key pair from `file`, creating it on first start (mode 0600).
 * Every platform instance that shares a database must share this file.
 */
export async function loadOrCreateSigningKeys(file: string): Promise<SigningKeys> {
  let stored: { kid: string; privateJwk: JWK; publicJwk: JWK } | undefined;
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as typeof stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`Cannot read the token signing keys at ${file}: ${(error as Error).message}`, { cause: error });
    }
  }
  if (!stored) {
    const pair = await generateKeyPair(JWT_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = new Date().toISOString().slice(0, 10) + '-' + Math.random().toString(36).slice(2, 8);
    stored = { kid, privateJwk: await exportJWK(pair.privateKey), publicJwk: await exportJWK(pair.publicKey) };
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600, flag: 'wx' }).catch(async (error) => {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') stored = JSON.parse(await fs.readFile(file, 'utf8')) as typeof stored;
      else throw error;
    });
  }
  const privateKey = (await importJWK(stored.privateJwk, JWT_ALGORITHM)) as CryptoKey;
  const publicKey = (await importJWK(stored.publicJwk, JWT_ALGORITHM)) as CryptoKey;
  return { privateKey, publicKey, kid: stored.kid, secret: secretOf(stored.privateJwk) };
}
