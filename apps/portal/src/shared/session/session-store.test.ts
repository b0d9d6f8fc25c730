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
