import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSettings } from '@reelcast/protocol';
import { markGuest } from '@/shared/session/session-store';
import { getShellSettings, startShellSettings } from '@/shared/shell-settings/shell-settings';
import { loadColorSchemes } from '@/shared/theme/scheme-palettes';
import { json, mockFetch, type MockHandler } from '@/test/fetch-mock';
import { sampleAccountUser, sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const midnight = '#0b1220';
const daylight = '#f4f6fb';
const ruby = '#14080c';
const pageBackground = () => getComputedStyle(document.body).backgroundColor;
const localCopy = (owner: string | number) => JSON.parse(window.localStorage.getItem(`settings.${owner}`) ?? 'null') as unknown;

const lobbyApi = {
  'GET /player/balance': () => json({ balance: 100_000 }),
  'GET /machine/brands': () => json([]),
  'GET /machine/all': () => json([]),
};

/** A server that keeps what POST /api/auth/user/update saves and answers it on GET /player/profile. */
function accountApi(settings: UserSettings, handlers: Record<string, MockHandler> = {}) {
  let saved = settings;
  const updates: unknown[] = [];
  mockFetch({
    ...lobbyApi,
    'GET /player/profile': () => json(sampleProfile({ settings: saved })),
    'POST /api/auth/user/update': ({ body }) => {
      updates.push(body);
      saved = (body as { user: { settings: UserSettings } }).user.settings;
      return json(sampleAccountUser({ settings: saved }));
    },
    ...handlers,
  });
  return { updates };
}

describe("the player's theme settings", () => {
  it("a guest's are kept in this browser and shown on the guest pages", async () => {
    await loadColorSchemes();
    window.localStorage.setItem('settings.guest', JSON.stringify({ themes: { main: 'daylight' } }));
    // The app's start (main.tsx) reads this browser's copy.
    startShellSettings();
    mockFetch({});
    markGuest();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(pageBackground()).toBe(daylight);
  });

  it("are the server's once the profile answers (an old 'light' is the light scheme); a guest has the default", async () => {
    accountApi({ theme: 'light' });
    markGuest();
    const guest = renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(pageBackground()).toBe(midnight);
    guest.unmount();

    signIn();
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(pageBackground()).toBe(daylight));
    // This browser keeps the server's copy for the next visit.
    expect(localCopy(7)).toEqual({ theme: 'light' });
  });

  it('saves a change from the drawers to the server with the settings whole, and shows it at once', async () => {
    const { updates } = accountApi({ layout: { style: 'layout1', config: { mode: 'boxed' } }, animations: false });
    signIn();
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(getShellSettings().animations).toBe(false));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Theme Color Schemes' }));
    const drawer = await screen.findByRole('dialog', { name: 'Theme Color Schemes' });
    await user.click(within(drawer).getByRole('button', { name: 'Ruby Night' }));
    expect(pageBackground()).toBe(ruby);
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates).toEqual([
      {
        user: {
          settings: {
            layout: { style: 'layout1', config: { mode: 'boxed' } },
            animations: false,
            themes: { main: 'ruby-night', navbar: 'ruby-night', toolbar: 'ruby-night', footer: 'ruby-night' },
          },
        },
      },
    ]);
  });

  it("resets the layout's options when its style changes, and saves that", async () => {
    const { updates } = accountApi({ layout: { style: 'layout1', config: { mode: 'boxed', navbar: { folded: true } } } });
    signIn();
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(getShellSettings().layout.config.mode).toBe('boxed'));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Theme Settings' }));
    const drawer = await screen.findByRole('dialog', { name: 'Theme Settings' });
    await user.click(within(drawer).getByRole('radio', { name: 'Horizontal compact' }));
    expect(getShellSettings().layout).toMatchObject({ style: 'layout3', config: { mode: 'container', navbar: { folded: false } } });
    await waitFor(() => expect(updates).toEqual([{ user: { settings: { layout: { style: 'layout3' } } } }]));
  });

  it('after a reload starts in the settings this browser last saw for the player, before the profile answers', async () => {
    await loadColorSchemes();
    accountApi({ themes: { main: 'ruby-night' } });
    const { claims } = signIn();
    const first = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(pageBackground()).toBe(ruby));
    first.unmount();
    markGuest();

    // A reload: the profile does not answer yet, the page is in the player's scheme from the start.
    let answer: (value: Response) => void = () => {};
    mockFetch({ ...lobbyApi, 'GET /player/profile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    signIn({ id: claims.id });
    renderApp('/lobby');
    expect(pageBackground()).toBe(ruby);
    await screen.findByRole('heading', { name: 'Lobby' });
    expect(pageBackground()).toBe(ruby);
    answer(json(sampleProfile({ settings: { themes: { main: 'ruby-night' } } })));
  });

  it('another player signing in on the same browser starts in the default', async () => {
    accountApi({ theme: 'light' });
    signIn({ id: 7 });
    const first = renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(pageBackground()).toBe(daylight));
    first.unmount();
    mockFetch({ ...lobbyApi, 'GET /player/profile': () => new Promise<Response>(() => {}) });
    signIn({ id: 8, username: 'other' });
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    expect(pageBackground()).toBe(midnight);
  });

  it('the /profile form edits the same settings: the main scheme and animations, saved with the account', async () => {
    const { updates } = accountApi({ animations: true });
    signIn();
    renderApp('/profile');
    await screen.findByTestId('profile-display-name');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Colour scheme' }));
    await user.click(await screen.findByRole('option', { name: 'Daylight' }));
    await user.click(screen.getByRole('switch', { name: 'Animations' }));
    expect(pageBackground()).toBe(daylight);
    // Sent once the clicks stop (twice if the machine took longer than the quiet time between them).
    await waitFor(() => expect(updates.at(-1)).toEqual({ user: { settings: { animations: false, themes: { main: 'daylight' } } } }));
  });
});
