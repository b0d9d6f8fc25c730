import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, formatPinVerifier } from '@reelcast/protocol';
import { useSessionStore } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';
import { authHeader, json, mockFetch } from '@/test/fetch-mock';
import { makeToken } from '@/test/jwt';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

/** A verifier as the platform makes one (PBKDF2-SHA-256), with few iterations to keep the test quick. */
async function verifierOf(pin: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  const key = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 1_000 }, material, 256));
  return formatPinVerifier({ iterations: 1_000, salt, key });
}

const shellApi = {
  'GET /player/balance': () => json({ balance: 150000 }),
  'GET /player/profile': () => json(sampleProfile()),
  'GET /machine/brands': () => json([]),
  'GET /machine/all': () => json([]),
  'GET /rules': () => json({ markdown: '# Rules' }),
};

async function openLock(path: string, pin: string | null) {
  const { token } = signIn({ username: 'demo', name: 'Deniz', lastname: 'Yılmaz' });
  if (pin) useSessionStore.setState({ pinCode: await verifierOf(pin) });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Screen locked' });
  return { ...view, token, user: userEvent.setup() };
}

describe('/pages/auth/lock', () => {
  it('shows whose screen it is, and unlocks with the right PIN back to where the player was', async () => {
    mockFetch(shellApi);
    const { router, user } = await openLock('/pages/auth/lock?redirect=%2Fslot-sessions', '2468');
    expect(screen.getByText('Deniz Yılmaz')).toBeTruthy();
    expect(screen.getByText('@demo')).toBeTruthy();
    await user.type(screen.getByLabelText(/^PIN/), '2468');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/slot-sessions'));
  });

  it('a wrong PIN says how many tries are left; the fifth logs the player out', async () => {
    mockFetch({ ...shellApi, 'POST /player/logout': () => json({ status: true }) });
    const { router, user } = await openLock('/pages/auth/lock', '2468');
    await user.type(screen.getByLabelText(/^PIN/), '1111');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await within(screen.getByRole('form', { name: 'Screen locked' })).findByRole('alert')).textContent).toBe(
      'Wrong PIN. 4 attempts left before you are logged out.',
    );
    expect(router.state.location.pathname).toBe('/pages/auth/lock');
    for (let i = 0; i < 4; i++) {
      await user.type(screen.getByLabelText(/^PIN/), '1111');
      await user.click(screen.getByRole('button', { name: 'Unlock' }));
      if (i < 3) await screen.findByText(`Wrong PIN. ${3 - i === 1 ? '1 attempt' : `${3 - i} attempts`} left before you are logged out.`);
    }
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });

  it('unlocks with the password through POST /login, keeping the session it had (the new one is signed out)', async () => {
    const fresh = makeToken({ jti: 'fresh-session' });
    const calls: string[] = [];
    mockFetch({
      ...shellApi,
      'POST /login': ({ body }) => {
        calls.push('login');
        expect(body).toMatchObject({ username: 'demo', password: 'demo1234' });
        return json({ token: fresh, pin_code: null, ip_address: '10.0.0.7', versions: 'v2.4.5', last_logon: null, last_logon_ip: null });
      },
      'POST /player/logout': ({ init }) => {
        calls.push(`logout ${authHeader(init) === `Bearer ${fresh}` ? 'fresh' : 'other'}`);
        return json({ status: true });
      },
    });
    const { router, token, user } = await openLock('/pages/auth/lock', null);
    // No PIN on the account: the password at once.
    expect(screen.queryByRole('button', { name: 'Use my PIN instead' })).toBeNull();
    await user.type(screen.getByLabelText(/^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
    expect(calls).toEqual(['login', 'logout fresh']);
    expect(getAccessToken()).toBe(token);
  });

  it('a wrong password shows the server’s words with the attempts left, and keeps the screen locked', async () => {
    mockFetch({
      ...shellApi,
      'POST /login': () => json({ code: ErrorCode.WrongPassword, ErrorMessage: 'wrong', Params: { left_count: 2, block_time: 15 } }, 401),
    });
    const { router, user } = await openLock('/pages/auth/lock', '2468');
    await user.click(screen.getByRole('button', { name: 'Use my password instead' }));
    await user.type(screen.getByLabelText(/^Password/), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    const form = screen.getByRole('form', { name: 'Screen locked' });
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Wrong username or password. 2 attempts left before the account is blocked for 15 minutes.');
    expect(router.state.location.pathname).toBe('/pages/auth/lock');
    expect(getAccessToken()).not.toBeNull();
  });

  it('has a Logout button', async () => {
    mockFetch(shellApi);
    await openLock('/pages/auth/lock', null);
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
  });
});
