import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode } from '@reelcast/protocol';
import { markGuest } from '@/shared/session/session-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const answers = {
  'the 202 of every request': () => json({ status: true, code: 20000, next: 'mail-confirm' }, 202),
  'a rate limit': () => json({ code: 42900, ErrorMessage: 'Too many requests' }, 429),
  'a refusal of the request': () =>
    json({ code: ErrorCode.InvalidRequest, ErrorMessage: 'login: too long', Params: { field: 'body.login' } }, 400),
  'a server fault': () => json({ code: 50000, ErrorMessage: 'Internal error' }, 500),
};

describe('forgot-password pages (/pages/auth/forgot-password, -2)', () => {
  for (const [what, answer] of Object.entries(answers)) {
    it(`says the same “if an account exists, we sent a link” after ${what}`, async () => {
      const fetchMock = mockFetch({ 'POST /api/auth/forgot-password': answer });
      markGuest();
      const { router } = renderApp('/pages/auth/forgot-password-2');
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(/^Username or e-mail address/), '  someone@example.com ');
      await user.click(screen.getByRole('button', { name: 'Send me a link' }));

      expect(await screen.findByRole('heading', { name: 'Check your mail' })).toBeTruthy();
      expect(screen.getByText(/If an account exists for what you entered, we sent a link to set a new password/)).toBeTruthy();
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pages/auth/mail-confirm?sent=reset');
      expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ login: 'someone@example.com', language: 'en' });
    });
  }

  it('asks for something before sending, and says so when nothing could be sent (offline)', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/forgot-password': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    markGuest();
    const { router } = renderApp('/pages/auth/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send me a link' }));
    expect(screen.getByText('This field is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Username or e-mail address/), 'demo');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Network Error, please check your connection');
    expect(router.state.location.pathname).toBe('/pages/auth/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/pages/auth/login');
  });
});
