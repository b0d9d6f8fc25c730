import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ErrorCode } from '@reelcast/protocol';
import { markGuest } from '@/shared/session/session-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('/pages/auth/mail-confirm', () => {
  it('without a token: check your mail', async () => {
    markGuest();
    renderApp('/pages/auth/mail-confirm');
    expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeTruthy();
    expect(screen.getByText(/we send a mail with a link/)).toBeTruthy();
  });

  it('with the registration mail’s token: opens the account once and leads to sign-in', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/register/confirm': ({ body }) => {
        expect(body).toEqual({ token: 'opening-token' });
        return json({ status: true, code: 20000, username: 'ayse_k', next: 'login' });
      },
    });
    markGuest();
    renderApp('/pages/auth/mail-confirm?token=opening-token');
    expect(await screen.findByRole('heading', { name: 'Your account ayse_k is open.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an expired or used link, or a name taken meanwhile, says so and leads to registering again', async () => {
    for (const [code, status, text] of [
      [ErrorCode.MailLinkInvalid, 410, 'This link has expired or was already used. Ask for a new one.'],
      [ErrorCode.AccountTaken, 409, 'This username or e-mail address has an account now. Register again, or sign in.'],
    ] as const) {
      mockFetch({ 'POST /api/auth/register/confirm': () => json({ code, ErrorMessage: 'x' }, status) });
      markGuest();
      const view = renderApp(`/pages/auth/mail-confirm?token=token-${code}`);
      expect(await screen.findByRole('heading', { name: 'The account could not be opened' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(text);
      expect(screen.getByRole('link', { name: 'Register again' }).getAttribute('href')).toBe('/pages/auth/register');
      view.unmount();
    }
  });
});
