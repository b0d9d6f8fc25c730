import { describe, expect, it } from 'vitest';
import { makeToken } from '@/test/jwt';
import { captureTokenFromUrl, decodeToken, getAccessToken, isTokenExpired } from './token-storage';

describe('token storage', () => {
  it('stores ?access_token= from the page address under jwt_access_token and removes it from the URL', () => {
    const token = makeToken();
    window.history.replaceState(null, '', `/lobby?access_token=${token}&tab=2#top`);
    captureTokenFromUrl();
    expect(window.localStorage.getItem('jwt_access_token')).toBe(token);
    expect(getAccessToken()).toBe(token);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/lobby?tab=2#top');
  });

  it('decodes the claims and checks expiry', () => {
    const claims = decodeToken(makeToken({ exp: 1000 }));
    expect(claims?.name).toBe('Deniz');
    expect(claims && isTokenExpired(claims, 999_000)).toBe(false);
    expect(claims && isTokenExpired(claims, 1_000_000)).toBe(true);
    expect(decodeToken('not-a-token')).toBeNull();
  });
});
