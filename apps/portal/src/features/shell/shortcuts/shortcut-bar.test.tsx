import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TokenClaims } from '@reelcast/protocol';
import { initI18n } from '@/shared/i18n/i18n';
import { authRoles } from '@/shared/lib/authorization';
import { getSession, updateSessionUser } from '@/shared/session/session-store';
import { useToastStore } from '@/shared/toasts/toast-store';
import { json, mockFetch, requestBody, type MockHandler } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { createTestQueryClient } from '@/test/query-client';
import { signIn } from '@/test/session';
import { PLAYER_LEVEL, pruneNavigation } from '../navigation/match';
import type { NavItem } from '../navigation/types';
import { ShortcutBar } from './shortcut-bar';
import { ShortcutBarSlot } from './shortcut-bar-slot';

const tree: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', translate: 'nav.lobby', url: '/lobby', auth: authRoles.user, level: PLAYER_LEVEL },
  {
    id: 'transactions',
    type: 'item',
    title: 'Transactions',
    translate: 'nav.transactions',
    url: '/transactions',
    auth: authRoles.user,
    level: PLAYER_LEVEL,
  },
  { id: 'rules', type: 'item', title: 'Rules', translate: 'nav.rules', url: '/rules', auth: authRoles.user, level: PLAYER_LEVEL },
  { id: 'staff-tools', type: 'item', title: 'Staff tools', url: '/staff', auth: authRoles.staff },
  { id: 'vip', type: 'item', title: 'VIP room', url: '/vip', auth: authRoles.user, level: 900 },
];

/** A signed-in user with `shortcuts`, the bar over the tree pruned for them, and a server answering the saves. */
function renderBar(
  shortcuts: string[],
  save: MockHandler = ({ body }) => json({ ...sampleProfile(), ...(body as { user: object }).user }),
  claims: Partial<TokenClaims> = {},
) {
  const fetchMock = mockFetch({ 'POST /api/auth/user/update': save });
  signIn(claims);
  const { user, role } = getSession();
  updateSessionUser({ ...user!, shortcuts });
  const items = pruneNavigation(tree, { roles: role, type: user!.type, permissions: user!.Permissions });
  const router = createMemoryRouter([{ path: '*', element: <ShortcutBar items={items} /> }], { initialEntries: ['/lobby'] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { fetchMock, router };
}

// While the star's menu is open (a modal popover) the rest of the page is hidden from assistive technology.
const bar = () => screen.getByRole('navigation', { name: 'Shortcuts', hidden: true });
const shortcutNames = () =>
  within(bar())
    .queryAllByRole('link', { hidden: true })
    .map((link) => link.getAttribute('aria-label'));
const savedBodies = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.map(([, init]) => requestBody(init));

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: 'Click to add/remove shortcut' }));
  return screen.findByRole('dialog', { name: 'Click to add/remove shortcut' });
}

describe('the shortcut bar (SPEC §2 search and shortcuts)', () => {
  it("shows the user's shortcuts as links named by their pages, in the user's order, the current page marked", () => {
    renderBar(['rules', 'lobby']);
    expect(shortcutNames()).toEqual(['Rules', 'Lobby']);
    expect(within(bar()).getByRole('link', { name: 'Rules' }).getAttribute('href')).toBe('/rules');
    expect(within(bar()).getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBe('page');
    expect(within(bar()).getByRole('link', { name: 'Rules' }).getAttribute('title')).toBe('Rules');
  });

  it('adds a page from the star menu and saves the new list; the bar shows it at once', async () => {
    const { fetchMock } = renderBar(['rules']);
    const menu = await openMenu();
    const search = within(menu).getByRole('searchbox', { name: 'Search for an app or page' });
    expect(document.activeElement).toBe(search);
    await userEvent.type(search, 'tra');
    const transactions = within(menu).getByRole('button', { name: 'Transactions' });
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Transactions']);
    expect(transactions.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(transactions);
    expect(shortcutNames()).toEqual(['Rules', 'Transactions']);
    expect(transactions.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(savedBodies(fetchMock)).toEqual([{ user: { shortcuts: ['rules', 'transactions'] } }]));
  });

  it('removes a shortcut the same way', async () => {
    const { fetchMock } = renderBar(['rules', 'lobby']);
    const menu = await openMenu();
    const rules = within(menu).getByRole('button', { name: 'Rules' });
    expect(rules.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(rules);
    expect(shortcutNames()).toEqual(['Lobby']);
    await waitFor(() => expect(savedBodies(fetchMock)).toEqual([{ user: { shortcuts: ['lobby'] } }]));
  });

  it("says 'No results..' when nothing matches, and offers only what the user may see", async () => {
    renderBar([]);
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Lobby', 'Transactions', 'Rules']);
    const search = within(menu).getByRole('searchbox');
    await userEvent.type(search, 'staff');
    expect(within(menu).getByText('No results..')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'vip');
    expect(within(menu).getByText('No results..')).toBeTruthy();
  });

  it('offers a level item to an account whose Permissions hold the level', async () => {
    renderBar([], undefined, { Permissions: [900] });
    const menu = await openMenu();
    await userEvent.type(within(menu).getByRole('searchbox'), 'vip');
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['VIP room']);
  });

  it('rolls a failed save back and says why, through the one error path', async () => {
    const { fetchMock } = renderBar(['rules'], () => json({ status: false, code: 40000, ErrorMessage: 'invalid request' }, 400));
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Lobby' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(shortcutNames()).toEqual(['Rules']));
    expect(getSession().user?.shortcuts).toEqual(['rules']);
    expect(within(menu).getByRole('button', { name: 'Lobby' }).getAttribute('aria-pressed')).toBe('false');
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toHaveLength(1);
  });

  it('keeps the last answer when toggles follow each other quickly: the saves go out in order, each with the whole list', async () => {
    const { fetchMock } = renderBar([]);
    const menu = await openMenu();
    await userEvent.click(within(menu).getByRole('button', { name: 'Lobby' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Rules' }));
    await userEvent.click(within(menu).getByRole('button', { name: 'Lobby' }));
    await waitFor(() =>
      expect(savedBodies(fetchMock)).toEqual([
        { user: { shortcuts: ['lobby'] } },
        { user: { shortcuts: ['lobby', 'rules'] } },
        { user: { shortcuts: ['rules'] } },
      ]),
    );
    await waitFor(() => expect(shortcutNames()).toEqual(['Rules']));
  });

  it('is worked by keyboard: arrows move from the search to the pages, Esc closes and gives the focus back to the star', async () => {
    renderBar([]);
    const star = screen.getByRole('button', { name: 'Click to add/remove shortcut' });
    star.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('dialog');
    expect(star.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(within(menu).getByRole('button', { name: 'Transactions' }));
    await userEvent.keyboard('{Enter}');
    expect(shortcutNames()).toEqual(['Transactions']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(star);
  });

  it('speaks the language chosen (Arabic, right to left)', async () => {
    await act(() => initI18n('ar'));
    renderBar(['rules']);
    await userEvent.click(screen.getByRole('button', { name: 'انقر لإضافة/إزالة اختصار' }));
    const dialog = await screen.findByRole('dialog', { name: 'انقر لإضافة/إزالة اختصار' });
    expect(within(dialog).getByRole('searchbox', { name: 'ابحث عن تطبيق أو صفحة' })).toBeTruthy();
  });

  it('is not there for a guest', () => {
    mockFetch({});
    const router = createMemoryRouter([{ path: '*', element: <ShortcutBar items={tree} /> }]);
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Click to add/remove shortcut' })).toBeNull();
  });

  it('comes in its own chunk once the page is shown, for a signed-in user', async () => {
    mockFetch({});
    signIn();
    updateSessionUser({ ...getSession().user!, shortcuts: ['rules'] });
    const router = createMemoryRouter([{ path: '*', element: <ShortcutBarSlot items={tree} /> }], { initialEntries: ['/lobby'] });
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Click to add/remove shortcut' })).toBeNull();
    await screen.findByRole('button', { name: 'Click to add/remove shortcut' });
    expect(shortcutNames()).toEqual(['Rules']);
  });
});
