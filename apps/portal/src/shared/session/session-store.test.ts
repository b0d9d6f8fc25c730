import { afterEach, describe, expect, it } from 'vitest';
import type { TokenClaims } from '@reelcast/protocol';
import { endSession, getSession, startSession, userFromClaims } from './session-store';

const claims = (role?: TokenClaims['role']): TokenClaims => ({
  id: 7,
  username: 'demo',
  name: 'Deniz',
  lastname: '',
  email: 'demo@example.com',
  type: 'player',
  ...(role ? { role } : {}),
  Group: 1,
  Permissions: [],
  jti: 'j',
  iat: 0,
  exp: 1,
});

const lastLogin = { ip_address: null, last_logon: null, last_logon_ip: null };

afterEach(() => endSession());

describe('the session role (SPEC §3, §6)', () => {
  it.each([
    [['admin'] as const, ['admin']],
    [['staff'] as const, ['staff']],
    [['user'] as const, ['user']],
    [undefined, ['user']],
  ])('a token with role %j signs in with the role list %j', (role, expected) => {
    startSession({ token: 't', user: userFromClaims(claims(role && [...role])), lastLogin, pinCode: null });
    expect(getSession().role).toEqual(expected);
    expect(getSession().user?.role).toEqual(expected);
  });

  it('signed out, the role list is empty (a guest)', () => {
    startSession({ token: 't', user: userFromClaims(claims(['staff'])), lastLogin, pinCode: null });
    endSession();
    expect(getSession().role).toEqual([]);
  });
});

describe('the idle lock PIN (SPEC §4 "a PIN is stored")', () => {
  it("is the login answer's verifier, kept with the last-login details and forgotten with them", () => {
    const verifier = 'pbkdf2-sha256$100000$c2FsdHNhbHRzYWx0c2FsdA$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2U';
    startSession({ token: 't', user: userFromClaims(claims()), lastLogin, pinCode: verifier });
    expect(getSession().pinCode).toBe(verifier);
    expect(JSON.parse(window.localStorage.getItem('last_login')!)).toEqual({ ...lastLogin, pin_code: verifier });
    endSession();
    expect(getSession().pinCode).toBeNull();
    expect(window.localStorage.getItem('last_login')).toBeNull();
  });
});
