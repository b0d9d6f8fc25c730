import { errors, jwtVerify, SignJWT } from 'jose';
import { tokenClaims, type TokenClaims } from '@reelcast/protocol';
import { JWT_ALGORITHM, type SigningKeys } from './signing-keys.ts';

export type TokenSubject = Omit<TokenClaims, 'iat' | 'exp'>;

const ISSUER = 'reelcast';

export class TokenSigner {
  readonly #keys: SigningKeys;

  constructor(keys: SigningKeys) {
    this.#keys = keys;
  }

  async sign(subject: TokenSubject, expiresAt: Date, now: Date): Promise<string> {
    const { jti, ...claims } = subject;
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: JWT_ALGORITHM, kid: this.#keys.kid, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(String(subject.id))
      .setJti(jti)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#keys.privateKey);
  }

  /** The token's claims, or null when the signature, algorithm, issuer, expiry or shape is wrong. */
  async verify(token: string, now: Date): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.#keys.publicKey, {
        algorithms: [JWT_ALGORITHM],
        issuer: ISSUER,
        currentDate: now,
      });
      const claims = tokenClaims.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
