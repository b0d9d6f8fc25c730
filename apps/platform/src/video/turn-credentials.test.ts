import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { turnCredential } from './turn-credentials.ts';

describe('turnCredential (TURN REST API, coturn use-auth-secret)', () => {
  it('matches a vector computed outside the code (openssl dgst -sha1 -hmac north, base64)', () => {
    // printf '%s' '1700000000:42' | openssl dgst -sha1 -hmac 'north' -binary | base64
    const now = new Date(1_699_996_400_000);
    expect(turnCredential('north', 42, 3600, now)).toEqual({
      username: '1700000000:42',
      credential: 'DWX3FI7DiPIpadEYQAZsnZBAagI=',
      expiresAt: 1_700_000_000,
    });
  });

  it('has the shape coturn parses: "<unix seconds>:<user>", a 20-byte HMAC-SHA1 in base64 keyed by the secret', () => {
    const now = new Date('2026-11-24T12:00:00.750Z');
    const { username, credential, expiresAt } = turnCredential('s3cret', 7, 600, now);
    expect(username).toMatch(/^\d{10}:7$/);
    // The expiry is whole seconds, TTL after now (fractions dropped).
    expect(expiresAt).toBe(Math.floor(now.getTime() / 1000) + 600);
    expect(Number(username.split(':')[0])).toBe(expiresAt);
    expect(Buffer.from(credential, 'base64')).toHaveLength(20);
    expect(credential).toBe(createHmac('sha1', 's3cret').update(username).digest('base64'));
    // Another secret or another player gives another credential.
    expect(turnCredential('other', 7, 600, now).credential).not.toBe(credential);
    expect(turnCredential('s3cret', 8, 600, now).credential).not.toBe(credential);
  });
});
