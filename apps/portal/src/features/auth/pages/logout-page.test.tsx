import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import * as browser from '@/shared/lib/browser';
import { getAccessToken } from '@/shared/session/token-storage';
import { authHeader, json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

describe('/logout', () => {
  it("shows 'Logging out..', posts the logout, clears the stored session and reloads to /login", async () => {
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    const { token } = signIn();
    const fetchMock = mockFetch({
      'GET /player/profile': () => json(sampleProfile()),
      'POST /player/logout': ({ init }) => {
        expect(authHeader(init)).toBe(`Bearer ${token}`);
        return json({ status: true, code: 20000 });
      },
    });
    renderApp('/logout');
    expect(await screen.findByText('Logging out..')).toBeTruthy();
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'));
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(window.localStorage.getItem('last_login')).toBeNull();
  });
});
