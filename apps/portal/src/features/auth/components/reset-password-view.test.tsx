import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@reelcast/protocol';
import { getSession, markGuest } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const valid = () => json({ valid: true, expiresAt: '2030-01-01T00:00:00.000Z' });
const done = (username = 'demo') => json({ status: true, code: 20000, username, revokedSessions: 2, next: 'login' });
const gone = () =>
  json({ code: ErrorCode.MailLinkInvalid, ErrorMessage: 'This link has expired or was already used. Ask for a new one.' }, 410);

async function openReset(path: string) {
  const view = renderApp(path);
  const form = await screen.findByRole('form', { name: 'Set a new password' });
  const password = within(form).getByLabelText(/^New password/);
  const confirm = within(form).getByLabelText(/^Confirm the new password/);
  return { ...view, form, password, confirm, user: userEvent.setup() };
}

describe('reset-password pages (/pages/auth/reset-password, -2)', () => {
  it('without a token: where the page comes from, and the way to a new link', async () => {
    markGuest();
    renderApp('/pages/auth/reset-password-2');
    expect(await screen.findByText(/This page opens from the link in the mail/)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/pages/auth/forgot-password-2');
  });

  it('a link that no longer works (the check says so) shows no form', async () => {
    mockFetch({
      'GET /api/auth/reset-password/check': ({ url }) => {
        expect(url.searchParams.get('token')).toBe('used-token');
        return json({ valid: false, expiresAt: null });
      },
    });
    markGuest();
    renderApp('/pages/auth/reset-password?token=used-token');
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(screen.getByText('It expired, was already used, or a newer link replaced it.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/pages/auth/forgot-password');
  });

  it('sets the password, signs this browser’s session of the same player out, and leads to sign-in', async () => {
    signIn({ username: 'demo' });
    mockFetch({
      // Signed in, the app asks for the player's profile until the reset signs this session out.
      'GET /player/profile': () => json(sampleProfile()),
      'GET /api/auth/reset-password/check': valid,
      'POST /api/auth/reset-password': ({ body }) => {
        expect(body).toEqual({ token: 'good-token', password: 'Mavi-Balon-42' });
        return done('demo');
      },
    });
    const { password, confirm, user } = await openReset('/pages/auth/reset-password?token=good-token');
    await user.type(password, 'Mavi-Balon-42');
    await user.type(confirm, 'Mavi-Balon-42');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));

    expect(await screen.findByText('Your password is set')).toBeTruthy();
    expect(screen.getByText(/Every session of your account was signed out/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBeNull();
  });

  it('checks the new password and its confirmation before sending', async () => {
    markGuest();
    const fetchMock = mockFetch({ 'GET /api/auth/reset-password/check': valid, 'POST /api/auth/reset-password': () => done() });
    const { password, confirm, user } = await openReset('/pages/auth/reset-password?token=good-token');
    await user.type(password, 'qwerty123');
    await user.type(confirm, 'qwerty12');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(screen.getByText('This password is too easy to guess')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('a weak password the server refuses (40102) shows on the field; a link spent meanwhile (41001) says so', async () => {
    markGuest();
    let answer = () =>
      json({ code: ErrorCode.PasswordTooWeak, ErrorMessage: 'weak', Params: { reason: 'common', field: 'body.password' } }, 400);
    mockFetch({ 'GET /api/auth/reset-password/check': valid, 'POST /api/auth/reset-password': () => answer() });
    const { password, confirm, user } = await openReset('/pages/auth/reset-password?token=good-token');
    await user.type(password, 'Mavi-Balon-42');
    await user.type(confirm, 'Mavi-Balon-42');
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This password is too easy to guess.').length).toBeGreaterThan(0);

    answer = gone;
    await user.click(screen.getByRole('button', { name: 'Set the password' }));
    expect(await screen.findByText('This link no longer works')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
