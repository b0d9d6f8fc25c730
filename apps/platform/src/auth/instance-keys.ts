import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { JWT_ALGORITHM, loadOrCreateSigningKeys, secretOf, type SigningKeys } from './signing-keys.ts';

/** The files of a keys folder: `{DATA_DIR}/keys` on the embedded database, `KEYS_DIR` otherwise. */
export const SIGNING_KEYS_FILE = 'jwt-ed25519.json';
export const MACHINE_TOKEN_FILE = 'machine-api-token';

export interface InstanceKeys {
  signingKeys: SigningKeys;
  machineApiToken: string;
}

export interface KeysSettings {
  databaseUrl?: string;
  keysDir?: string;
  machineApiToken?: string;
  /** `{DATA_DIR}/keys`: where the embedded database's instance keeps (and makes) its keys. */
  dataKeysDir: string;
}

/**
 * The token signing key pair and the machine service token of this instance.
 * - `KEYS_DIR` set: read from that folder, never created (a missing file stops the start).
 * - Embedded database (one process): `{DATA_DIR}/keys`, created on first start.
 * - PostgreSQL without `KEYS_DIR`: refused. Instances that share a database must share the keys; one
 *   that made its own would sign tokens the others reject, with nothing in the log.
 * `MACHINE_API_TOKEN`, when set, is the machine token whatever the folder holds.
 */
export async function loadInstanceKeys(settings: KeysSettings): Promise<InstanceKeys> {
  if (settings.keysDir) {
    const dir = path.resolve(settings.keysDir);
    const signingKeys = await readSigningKeys(path.join(dir, SIGNING_KEYS_FILE), 'KEYS_DIR');
    const machineApiToken = settings.machineApiToken ?? readSecret(path.join(dir, MACHINE_TOKEN_FILE), 'KEYS_DIR');
    return { signingKeys, machineApiToken };
  }
  if (settings.databaseUrl) {
    throw new Error(
      'On PostgreSQL (DATABASE_URL) every platform instance and CLI command needs the same keys, and none are given: ' +
        `set KEYS_DIR to a folder holding ${SIGNING_KEYS_FILE} and ${MACHINE_TOKEN_FILE}. Make one with ` +
        '`reelcast keys generate --out <dir>` and give every instance a copy (docs/configuration.md). ' +
        'No keys are made here: an instance with keys of its own would sign tokens the others reject.',
    );
  }
  const signingKeys = await loadOrCreateSigningKeys(path.join(settings.dataKeysDir, SIGNING_KEYS_FILE));
  const machineApiToken = settings.machineApiToken ?? readOrCreateSecret(path.join(settings.dataKeysDir, MACHINE_TOKEN_FILE));
  return { signingKeys, machineApiToken };
}

/**
 * Writes a new keys folder (`reelcast keys generate`): the Ed25519 signing key pair and a random
 * machine token, each file mode 0600. Refuses to overwrite keys already there.
 */
export function generateKeysFolder(dir: string): { signingKeysFile: string; machineTokenFile: string } {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const signingKeysFile = path.join(dir, SIGNING_KEYS_FILE);
  const machineTokenFile = path.join(dir, MACHINE_TOKEN_FILE);
  for (const file of [signingKeysFile, machineTokenFile]) {
    if (fs.existsSync(file)) throw new Error(`${file} already exists: keys are never overwritten (remove the folder to make new ones).`);
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const kid = new Date().toISOString().slice(0, 10) + '-' + randomBytes(4).toString('hex');
  const stored = { kid, privateJwk: privateKey.export({ format: 'jwk' }), publicJwk: publicKey.export({ format: 'jwk' }) };
  fs.writeFileSync(signingKeysFile, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
  fs.writeFileSync(machineTokenFile, randomBytes(32).toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
  return { signingKeysFile, machineTokenFile };
}

async function readSigningKeys(file: string, variable: string): Promise<SigningKeys> {
  let stored: { kid?: string; privateJwk?: JWK; publicJwk?: JWK };
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof stored;
  } catch (error) {
    throw new Error(
      `${variable}: cannot read the token signing keys at ${file} (${describe(error)}); make them with \`reelcast keys generate\`.`,
      {
        cause: error,
      },
    );
  }
  if (!stored.kid || !stored.privateJwk || !stored.publicJwk) {
    throw new Error(`${variable}: ${file} is not a signing key file (kid, privateJwk, publicJwk) as \`reelcast keys generate\` writes it.`);
  }
  try {
    const privateKey = (await importJWK(stored.privateJwk, JWT_ALGORITHM)) as CryptoKey;
    const publicKey = (await importJWK(stored.publicJwk, JWT_ALGORITHM)) as CryptoKey;
    return { privateKey, publicKey, kid: stored.kid, secret: secretOf(stored.privateJwk) };
  } catch (error) {
    throw new Error(`${variable}: the keys in ${file} are not Ed25519 keys (${describe(error)}).`, { cause: error });
  }
}

function readSecret(file: string, variable: string): string {
  let secret: string;
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    throw new Error(
      `${variable}: cannot read the machine token at ${file} (${describe(error)}); make it with \`reelcast keys generate\`.`,
      {
        cause: error,
      },
    );
  }
  if (secret.length < 16) throw new Error(`${variable}: the machine token in ${file} is shorter than 16 characters.`);
  return secret;
}

function readOrCreateSecret(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
    return secret;
  }
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? 'no such file' : (error as Error).message;
}
