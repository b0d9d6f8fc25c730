import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ErrorCode } from '@reelcast/protocol';
import { markGuest } from '@/shared/session/session-store';
import { authHeader, json, mockFetch, requestUrl } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const shellApi = {
  'GET /player/balance': () => json({ balance: 0 }),
  'GET /player/profile': () => json(sampleProfile()),
  'GET /machine/brands': () => json([]),
  'GET /machine/all': () => json([]),
};

const confirmed = (page: 'admin' | 'staff', role: 'admin' | 'staff') =>
  json({
    page,
    allowed: page === 'admin' ? ['admin'] : ['admin', 'staff'],
    user: { id: 1, username: role, displayName: role === 'admin' ? 'Ada Min' : 'Staff Member', role: [role] },
  });

describe('role examples (/auth/*-role-example, SPEC §2, §6)', () => {
  it('admin: who you are, your role as the server confirms it, and a Logout button', async () => {
    const { token } = signIn({ id: 1, username: 'admin', name: 'Ada', lastname: 'Min', role: ['admin'] });
    mockFetch({
      ...shellApi,
      'GET /api/auth/role-example/admin': ({ init }) => {
        expect(authHeader(init)).toBe(`Bearer ${token}`);
        return confirmed('admin', 'admin');
      },
    });
    renderApp('/auth/admin-role-example');
    expect(await screen.findByRole('heading', { name: 'Admin role example', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'You: Ada Min' })).toBeTruthy();
    expect(await screen.findByText('The server confirms your role: admin.')).toBeTruthy();
    const check = screen.getByRole('region', { name: 'The server’s check' });
    expect(within(check).getByText('Roles allowed on this page').nextElementSibling?.textContent).toBe('admin');
    expect(screen.getByRole('link', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
  });

  it('staff: the staff page, confirmed for a staff account', async () => {
    signIn({ id: 2, username: 'staff', role: ['staff'] });
    mockFetch({ ...shellApi, 'GET /api/auth/role-example/staff': () => confirmed('staff', 'staff') });
    renderApp('/auth/staff-role-example');
    expect(await screen.findByRole('heading', { name: 'Staff role example', level: 1 })).toBeTruthy();
    expect(await screen.findByText('The server confirms your role: staff.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logout' })).toBeTruthy();
  });

  it('a server that refuses the role (403 / 40300) says so clearly', async () => {
    // The session says admin (a role taken away since the token was signed); the server knows better.
    signIn({ id: 1, username: 'admin', role: ['admin'] });
    mockFetch({
      ...shellApi,
      'GET /api/auth/role-example/admin': () =>
        json({ code: ErrorCode.RoleRequired, ErrorMessage: 'role', Params: { roles: 'admin' } }, 403),
    });
    renderApp('/auth/admin-role-example');
    const check = await screen.findByRole('region', { name: 'The server’s check' });
    expect((await within(check).findByText(/The server refuses/)).textContent).toBe(
      'The server refuses: your account does not have the role this page needs (admin).',
    );
  });

  it('a player on the admin or staff page goes to / (the lobby), without asking the server', async () => {
    signIn({ role: ['user'] });
    for (const path of ['/auth/admin-role-example', '/auth/staff-role-example']) {
      const fetchMock = mockFetch(shellApi);
      const view = renderApp(path);
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/lobby'));
      expect(fetchMock.mock.calls.some(([input]) => requestUrl(input).includes('role-example'))).toBe(false);
      view.unmount();
    }
  });

  it('guest: explains the page is for guests, with the way to sign in; a signed-in account goes to /', async () => {
    markGuest();
    const guest = renderApp('/auth/guest-role-example');
    expect(await screen.findByRole('heading', { name: 'Guest role example', level: 1 })).toBeTruthy();
    expect(screen.getByText(/Only guests see this page/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    guest.unmount();

    signIn({ role: ['admin'] });
    mockFetch(shellApi);
    const { router } = renderApp('/auth/guest-role-example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
  });
});
