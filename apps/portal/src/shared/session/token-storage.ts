import { jwtDecode } from 'jwt-decode';
import { tokenClaims, type TokenClaims } from '@reelcast/protocol';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';

export const getAccessToken = (): string | null => readStorage(storageKeys.accessToken);

export const setAccessToken = (token: string | null): void => writeStorage(storageKeys.accessToken, token);

/** Decodes the token's claims without verifying them (the server verifies); null when unreadable. */
export function decodeToken(token: string): TokenClaims | null {
  try {
    const parsed = tokenClaims.safeParse(jwtDecode(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(claims: Pick<TokenClaims, 'exp'>, now = Date.now()): boolean {
  return claims.exp * 1000 <= now;
}

/**
 * SPEC §4: a token in the page's query string (`?access_token=…`) is stored as the access token and
 * removed from the address bar.
 */
export function captureTokenFromUrl(location: Location = window.location, history: History = window.history): void {
  const url = new URL(location.href);
  const token = url.searchParams.get('access_token');
  if (!token) return;
  setAccessToken(token);
  url.searchParams.delete('access_token');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
