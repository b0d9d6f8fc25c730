import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { markGuest } from '@/shared/session/session-store';
import { json, mockFetch } from '@/test/fetch-mock';
import { rulesAnswer } from '@/test/rules';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';
import { specRoutes } from './route-list';

const lobbyApi = {
  'GET /player/balance': () => json({ balance: 150000 }),
  'GET /player/profile': () => json(sampleProfile()),
  'GET /machine/brands': () => json([]),
  'GET /machine/all': () => json([]),
  // The Rules page, where two of the journeys below end.
  'GET /api/rules': () => rulesAnswer('Play fair.'),
};

describe('routes and guards', () => {
  it('shows the splash screen while the stored token is being checked', async () => {
    const { router } = renderApp('/lobby');
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lobby');
  });

  it('sends a guest on a protected route to /login carrying the wanted path', async () => {
    markGuest();
    const { router } = renderApp('/lobby/3/Novomatic?view=all');
    await screen.findByRole('button', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/lobby/3/Novomatic?view=all');
    // SPEC §2: the login route hides the toolbar, navbar and footer.
    expect(screen.queryByText('UI Version v2.4.5')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
  });

  it('redirects / to /lobby and then a guest to /login?redirect=/lobby', async () => {
    markGuest();
    const { router } = renderApp('/');
    await screen.findByRole('button', { name: 'Login' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=%2Flobby');
  });

  it('never carries /logout as the way back', async () => {
    markGuest();
    const { router } = renderApp('/logout');
    await screen.findByRole('button', { name: 'Login' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login');
  });

  it('redirects an unknown path to the 404 page', async () => {
    markGuest();
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText('Sorry but we could not find the page you are looking for')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/errors/error-404');
    expect(screen.getByRole('link', { name: 'Back to Lobby' }).getAttribute('href')).toBe('/lobby');
  });

  it('finds the routes few visitors open on the first navigation to one (app/more-routes.ts)', async () => {
    markGuest();
    const { router } = renderApp('/pages/coming-soon');
    await waitFor(() => expect(router.state.matches.at(-1)?.route.path).toBe('/pages/coming-soon'));
    expect(router.state.location.pathname).toBe('/pages/coming-soon');
  });

  it('sends a value a route does not list to the 404 page (/pages/auth/login-9)', async () => {
    markGuest();
    const { router } = renderApp('/pages/auth/login-9');
    expect(await screen.findByText('Sorry but we could not find the page you are looking for')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/errors/error-404');
  });

  it('tells a page which presentation its route is (handle.variant)', async () => {
    markGuest();
    const { router } = renderApp('/pages/auth/register-2');
    await waitFor(() => expect(router.state.matches.at(-1)?.route.handle).toMatchObject({ variant: 'register-2' }));
    expect(router.state.location.pathname).toBe('/pages/auth/register-2');
  });

  it('has a 500 page', async () => {
    markGuest();
    renderApp('/pages/errors/error-500');
    expect(await screen.findByText('Well, you broke the internet!')).toBeTruthy();
  });

  it('sends a signed-in user away from guest-only routes to the carried path', async () => {
    mockFetch(lobbyApi);
    signIn();
    const { router } = renderApp('/login?redirect=%2Frules');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
    expect(await screen.findByRole('heading', { name: 'Rules', level: 1 })).toBeTruthy();
  });

  it('opens the UI pages to a player too (SPEC §6: configured routes for admin, staff and user)', async () => {
    mockFetch(lobbyApi);
    signIn();
    const { router } = renderApp('/ui/page-layouts/simple/tabbed');
    await waitFor(() => expect(router.state.matches.at(-1)?.route.path).toBe('/ui/page-layouts/simple/tabbed'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ui/page-layouts/simple/tabbed');
  });

  it('redirects /game to /lobby for a signed-in user', async () => {
    mockFetch(lobbyApi);
    signIn();
    const { router } = renderApp('/game');
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
  });

  it('shows the shell to a signed-in user: menu items, user data, last login and version', async () => {
    mockFetch(lobbyApi);
    signIn();
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeTruthy();
    // happy-dom's window is below the lg breakpoint: the navbar is a temporary drawer.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    const links = Array.from(menu.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Lobby', '/lobby'],
      ['Profile', '/profile'],
      ['Slot Sessions', '/slot-sessions'],
      ['Transactions', '/transactions'],
      ['Rules', '/rules'],
      ['Logout', '/logout'],
    ]);
    expect(screen.getByTestId('user-name').textContent).toBe('Deniz');
    expect(screen.getByTestId('user-lastname').textContent).toBe('Yılmaz');
    expect(screen.getByTestId('user-username').textContent).toBe('demo');
    expect(screen.getByText('current balance')).toBeTruthy();
    expect(screen.getByTestId('last-login-last-logon').textContent).toBe('04.03.2025 05:06:07');
    expect(screen.getByTestId('last-login-ip').textContent).toBe('10.0.0.7');
    expect(screen.getByTestId('navbar-version').textContent).toBe('v2.4.5');
    expect(screen.getByText('UI Version v2.4.5')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go to the lobby$/ }).getAttribute('href')).toBe('/lobby');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
  });

  it('closes the small-screen navbar when an item is picked', async () => {
    mockFetch(lobbyApi);
    signIn();
    const { router } = renderApp('/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Rules' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rules'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull());
  });

  it('shows only the splash screen on /callback', async () => {
    markGuest();
    const { router } = renderApp('/callback');
    expect(await screen.findByRole('status', { name: 'Loading...' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    expect(router.state.location.pathname).toBe('/callback');
  });

  it('sends a brand page with a bad id to the 404 page', async () => {
    mockFetch(lobbyApi);
    signIn();
    const { router } = renderApp('/lobby/abc/Nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/errors/error-404'));
  });
});

describe('React Router has nothing to warn about', () => {
  // A first load matches a redirect route, or the catch-all while the routes few visitors open are found
  // (patchRoutesOnNavigation): each such leaf must render something. One address per route of the list.
  const firstAddresses = [
    ...specRoutes.map((route) => {
      const [param] = Object.entries(route.params ?? {});
      return (param ? route.path.replace(`:${param[0]}`, param[1][0]!) : route.path).replace('/*', '').replace(/:\w+/g, '1');
    }),
    '/no/such/page',
  ];

  it.each(firstAddresses)('on a first load of %s', async (address) => {
    const warn = vi.spyOn(console, 'warn');
    markGuest();
    const { router } = renderApp(address);
    await waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true));
    expect(warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('Matched leaf route'))).toEqual([]);
  });
});
