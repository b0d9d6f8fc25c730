import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { getSession } from '@/shared/session/session-store';
import { getAccessToken } from '@/shared/session/token-storage';
import { json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

describe('one error path', () => {
  it("logs out with 'Invalid access_token' on a 401 and returns to /login carrying the page", async () => {
    mockFetch({
      'GET /player/balance': () => json({ code: 10, ErrorMessage: 'signature not verified' }, 401),
      'GET /player/profile': () => json({ code: 10, ErrorMessage: 'signature not verified' }, 401),
      'GET /machine/brands': () => json({ code: 10, ErrorMessage: 'signature not verified' }, 401),
      'GET /machine/all': () => json({ code: 10, ErrorMessage: 'signature not verified' }, 401),
    });
    signIn();
    const { router, socket } = renderApp('/lobby');

    expect(await screen.findByText('Invalid access_token')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/lobby');
    expect(getSession().status).toBe('guest');
    expect(getAccessToken()).toBeNull();
    expect(socket.connected).toBe(false);
    // Four failing calls, one message.
    expect(screen.getAllByText('Invalid access_token')).toHaveLength(1);
  });

  it('shows the network message when a call gets no answer', async () => {
    mockFetch({
      'GET /player/balance': () => {
        throw new TypeError('Failed to fetch');
      },
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
    });
    signIn();
    renderApp('/lobby');
    expect(await screen.findByText('Network Error, please check your connection', {}, { timeout: 8000 })).toBeTruthy();
    expect(getSession().status).toBe('authenticated');
  });

  it('shows other server errors translated by code', async () => {
    const fetch = mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json({ code: 42900, ErrorMessage: 'slow down' }, 429),
    });
    signIn();
    renderApp('/lobby');
    expect(await screen.findByText('The lobby could not be loaded.')).toBeTruthy();
    // The route's loader asked once; the page shows that answer instead of asking again. The error's toast can come a
    // render after the page's alert (a rehearsal under load saw the alert alone): waited for, then counted.
    expect(await screen.findAllByText('Too many requests.')).toHaveLength(1);
    expect(fetch.mock.calls.filter(([input]) => requestUrl(input).endsWith('/machine/all'))).toHaveLength(1);
  });
});
