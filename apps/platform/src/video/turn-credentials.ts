import { createHmac } from 'node:crypto';

export interface TurnCredential {
  /** `{unix expiry}:{user}`: the TURN server reads the expiry from it and refuses it afterwards. */
  username: string;
  /** base64(HMAC-SHA1(secret, username)). */
  credential: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * A time-limited TURN credential by the TURN REST API scheme (draft-uberti-behave-turn-rest-00), the one
 * coturn checks with `use-auth-secret` and `static-auth-secret=<secret>`: the username is the expiry as
 * Unix seconds, a colon, and the user's id; the password is the base64 HMAC-SHA1 of the username keyed
 * with the shared secret. The secret never leaves the platform; a credential works for `ttlSeconds`.
 */
export function turnCredential(secret: string, user: string | number, ttlSeconds: number, now: Date): TurnCredential {
  const expiresAt = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const username = `${expiresAt}:${user}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential, expiresAt };
}
