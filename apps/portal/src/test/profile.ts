import type { AccountUser, ProfileAnswer } from '@reelcast/protocol';

/** GET /player/profile as the server answers it for the test player of ./jwt.ts; nothing saved. */
export function sampleProfile(overrides: Partial<ProfileAnswer> = {}): ProfileAnswer {
  return {
    id: 7,
    role: ['user'],
    username: 'demo',
    name: 'Deniz',
    lastname: 'Yılmaz',
    email: 'demo@example.com',
    displayName: 'Deniz Yılmaz',
    type: 'player',
    Group: 1,
    Permissions: [145],
    photoURL: '',
    shortcuts: [],
    settings: {},
    IP: '10.0.0.7',
    Versions: 'v2.4.5',
    LastLogon: null,
    LastLogonIP: null,
    createdAt: '2024-12-31T00:00:00.000Z',
    ...overrides,
  };
}

/** The same player as the account user (POST /api/auth/user/update answers it): no session fields. */
export function sampleAccountUser(overrides: Partial<AccountUser> = {}): AccountUser {
  const { IP: _ip, Versions: _v, LastLogon: _l, LastLogonIP: _li, createdAt: _c, ...user } = sampleProfile(overrides);
  return user;
}
