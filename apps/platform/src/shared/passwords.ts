import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 4;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Verifies against a throw-away hash, so a login for an unknown user costs what a known one does
 * and timing does not tell which usernames exist.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword('reelcast-no-such-user');
  await verifyPassword(await dummy, password);
}
