import { afterEach, describe, expect, it } from 'vitest';
import { makeToken } from '@/test/jwt';
import { sampleAccountUser } from '@/test/profile';
import { endSession, getSession } from '@/shared/session/session-store';
import { startSessionFromLogin } from './login';

const answer = {
  token: makeToken({ username: 'demo' }),
  pin_code: null,
  ip_address: '10.0.0.1',
  versions: 'v',
  last_logon: null,
  last_logon_ip: null,
};

afterEach(() => endSession());

describe('startSessionFromLogin', () => {
  it('takes the user the answer carries, so the saved shortcuts show right after a login', () => {
    const { settings: _settings, ...user } = sampleAccountUser({ Permissions: [], shortcuts: ['rules', 'lobby'] });
    startSessionFromLogin({ ...answer, user });
    expect(getSession().user?.shortcuts).toEqual(['rules', 'lobby']);
  });

  it("falls back to the token's claims when the answer has no user (an older platform)", () => {
    startSessionFromLogin(answer);
    expect(getSession().user).toMatchObject({ username: 'demo', type: 'player', shortcuts: [] });
  });
});
