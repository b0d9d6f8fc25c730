import type { TokenClaims } from '@reelcast/protocol';

const base64url = (value: unknown) => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A JWT-shaped token with real claims and a fake signature (the portal never verifies it). */
export function makeToken(overrides: Partial<TokenClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const claims: TokenClaims = {
    id: 7,
    username: 'demo',
    name: 'Deniz',
    lastname: 'Yılmaz',
    email: 'demo@example.com',
    type: 'player',
    Group: 1,
    Permissions: [145],
    jti: 'test-jti',
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
  return `${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}
