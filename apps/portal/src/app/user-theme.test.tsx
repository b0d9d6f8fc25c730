import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserSettings } from '@reelcast/protocol';
import { markGuest } from '@/shared/session/session-store';
import { createAppTheme } from '@/shared/theme/theme';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleAccountUser, sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const dark = createAppTheme('ltr', 'dark').palette.background.default;
const light = createAppTheme('ltr', 'light').palette.background.default;
const pageBackground = () => getComputedStyle(document.body).backgroundColor;

/** A server that keeps what POST /api/auth/user/update saves and answers it on GET /player/profile. */
function accountApi(settings: UserSettings) {
  let saved = settings;
  const updates: unknown[] = [];
  mockFetch({
    'GET /player/balance': () => json({ balance: 100_000 }),
    'GET /machine/brands': () => json([]),
    'GET /machine/all': () => json([]),
    'GET /player/profile': () => json(sampleProfile({ settings: saved })),
    'POST /api/auth/user/update': ({ body }) => {
      updates.push(body);
      saved = (body as { user: { settings: UserSettings } }).user.settings;
      return json(sampleAccountUser({ settings: saved }));
    },
  });
  return { updates };
}

describe("the player's saved theme", () => {
  it('is applied once the player is signed in; a guest has the default', async () => {
    expect(dark).not.toBe(light);
    accountApi({ theme: 'light' });
    markGuest();
    const guest = renderApp('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(pageBackground()).toBe(dark);
    guest.unmount();

    signIn();
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    await waitFor(() => expect(pageBackground()).toBe(light));
  });

  it('falls back to the default when the player saved none', async () => {
    accountApi({ animations: false });
    signIn();
    renderApp('/profile');
    await screen.findByTestId('profile-display-name');
    expect(pageBackground()).toBe(dark);
  });

  it('changes at once when saved on /profile, and is what the server keeps', async () => {
    const { updates } = accountApi({ theme: 'dark' });
    signIn();
    renderApp('/profile');
    await screen.findByTestId('profile-display-name');
    expect(pageBackground()).toBe(dark);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Theme' }));
    await user.click(await screen.findByRole('option', { name: 'Light' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(pageBackground()).toBe(light));
    expect(updates).toEqual([{ user: { settings: { theme: 'light', animations: true } } }]);
  });

  it('after a reload starts in the theme this browser last saw for the player, before the profile answers', async () => {
    // First visit: the profile answers light, and the browser remembers it for this player.
    accountApi({ theme: 'light' });
    const { claims } = signIn();
    const first = renderApp('/profile');
    await screen.findByTestId('profile-display-name');
    await waitFor(() => expect(pageBackground()).toBe(light));
    first.unmount();

    // A reload: the profile does not answer yet, the page is light from the start.
    let answer: (value: Response) => void = () => {};
    mockFetch({
      'GET /player/balance': () => json({ balance: 100_000 }),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
      'GET /player/profile': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    signIn({ id: claims.id });
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    expect(pageBackground()).toBe(light);
    answer(json(sampleProfile({ settings: { theme: 'light' } })));
  });

  it('another player signing in on the same browser starts in the default', async () => {
    accountApi({ theme: 'light' });
    signIn({ id: 7 });
    const first = renderApp('/profile');
    await screen.findByTestId('profile-display-name');
    await waitFor(() => expect(pageBackground()).toBe(light));
    first.unmount();
    mockFetch({
      'GET /player/balance': () => json({ balance: 100_000 }),
      'GET /machine/brands': () => json([]),
      'GET /machine/all': () => json([]),
      'GET /player/profile': () => new Promise<Response>(() => {}),
    });
    signIn({ id: 8, username: 'other' });
    renderApp('/lobby');
    await screen.findByRole('heading', { name: 'Lobby' });
    expect(pageBackground()).toBe(dark);
  });
});
