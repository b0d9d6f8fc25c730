import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@reelcast/protocol';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { changeLanguage } from '@/shared/i18n/i18n';
import { getSession, markGuest } from '@/shared/session/session-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { rulesAnswer } from '@/test/rules';
import { makeToken } from '@/test/jwt';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const loginAnswer = () => ({
  token: makeToken(),
  pin_code: null,
  ip_address: '10.1.1.1',
  versions: 'v2.4.5',
  last_logon: null,
  last_logon_ip: null,
});

describe('/pages/auth/login, -2, -3: the sign-in of /login in three presentations', () => {
  for (const [path, forgot, register] of [
    ['/pages/auth/login', '/pages/auth/forgot-password', '/pages/auth/register'],
    ['/pages/auth/login-2', '/pages/auth/forgot-password-2', '/pages/auth/register-2'],
    ['/pages/auth/login-3', '/pages/auth/forgot-password-2', '/pages/auth/register-3'],
  ]) {
    it(`${path} signs in with /login's form and goes where /login sends the player`, async () => {
      mockFetch({
        'POST /login': ({ body }) => {
          expect(body).toMatchObject({ username: 'demo', password: 'demo1234' });
          return json(loginAnswer());
        },
        'GET /player/balance': () => json({ balance: 0 }),
        'GET /player/profile': () => json(sampleProfile()),
        'GET /api/rules': () => rulesAnswer(),
      });
      markGuest();
      const { router } = renderApp(`${path}?redirect=%2Frules`);
      const user = userEvent.setup();
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(forgot);
      expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(register);
      await user.type(screen.getByLabelText(/Email or username/), 'demo');
      await user.type(screen.getByLabelText(/^Password/), 'demo1234');
      await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
      expect(getSession().user?.username).toBe('demo');
      expect(window.localStorage.getItem('remember_me')).toBe('demo');
    });
  }

  it('the same validation and login block words as /login', async () => {
    mockFetch({
      'POST /login': () => json({ code: ErrorCode.AccountBlocked, ErrorMessage: 'protected', Params: { block_time: 15 } }, 401),
    });
    markGuest();
    renderApp('/pages/auth/login-2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email or username/), 'abc');
    expect(await screen.findByText('Min character length is 4')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Login' }).disabled).toBe(true);
    await user.type(screen.getByLabelText(/Email or username/), 'd');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Your account is protected after too many false attempts. Try again in 15 minutes.')).toBeTruthy();
  });

  it('token-only sign-in holds here too: the SPEC texts, no form', async () => {
    setSettings({ ...defaultSettings, tokenOnlyLogin: true });
    markGuest();
    renderApp('/pages/auth/login-3');
    expect(await screen.findByRole('heading', { name: 'LOGIN is not allowed.' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Probably Access Token is no longer valid');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it('a signed-in account may open them (SPEC §6): the sign-in pages say who is signed in, with the way on and out', async () => {
    mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /api/auth/register': () =>
        json({ open: true, passwordMinLength: 8, usernameMinLength: 4, usernameMaxLength: 32, limitsMandatory: false }),
    });
    signIn({ role: ['staff'] });
    const { router } = renderApp('/pages/auth/login-2?redirect=%2Frules');
    expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeTruthy();
    expect(screen.getByText('You are signed in as Deniz Yılmaz.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/rules');
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/auth/login-2');

    await router.navigate('/pages/auth/register-3');
    expect(await screen.findByRole('form', { name: 'Create your account' })).toBeTruthy();
    await router.navigate('/pages/auth/forgot-password');
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/auth/forgot-password');
  });

  it('the lock screen is a signed-in player’s: a guest goes to /login carrying it', async () => {
    markGuest();
    const { router } = renderApp('/pages/auth/lock');
    await screen.findByRole('button', { name: 'Login' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=%2Fpages%2Fauth%2Flock');
  });

  it('shows the pages in Arabic, right to left', async () => {
    window.localStorage.setItem('language', 'ar');
    await changeLanguage('ar');
    markGuest();
    renderApp('/pages/auth/mail-confirm?sent=reset');
    expect(await screen.findByRole('heading', { name: 'تحقّق من بريدك' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});
