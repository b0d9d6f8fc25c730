import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '@/shared/i18n/i18n';
import { authRoles, type Role } from '@/shared/lib/authorization';
import { pruneNavigation } from './match';
import { NavigationSearchButton } from './navigation-search-button';
import type { NavItem } from './types';

const items: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', translate: 'nav.lobby', url: '/lobby', auth: authRoles.user },
  { id: 'transactions', type: 'item', title: 'Transactions', translate: 'nav.transactions', url: '/transactions', auth: authRoles.user },
  { id: 'sessions', type: 'item', title: 'Slot Sessions', translate: 'nav.slotSessions', url: '/slot-sessions', auth: authRoles.user },
  { id: 'staff-tools', type: 'item', title: 'Staff tools', url: '/staff', auth: authRoles.staff },
];

function renderSearch(roles: Role[] = ['user']) {
  const router = createMemoryRouter(
    [{ path: '*', element: <NavigationSearchButton items={pruneNavigation(items, { roles, type: 'player' })} /> }],
    {
      initialEntries: ['/lobby'],
    },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function openSearch() {
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  return screen.findByRole('combobox', { name: 'Search' });
}

describe('navigation search', () => {
  it('suggests the pages whose words start with what was typed, and Enter opens the one chosen with the arrow keys', async () => {
    const router = renderSearch();
    const input = await openSearch();
    expect(document.activeElement).toBe(input);
    await userEvent.type(input, 's');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Slot Sessions']);
    await userEvent.clear(input);
    await userEvent.type(input, 'l');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Lobby']);
    await userEvent.clear(input);
    await userEvent.type(input, 'SLOT se');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Slot Sessions']);
    await userEvent.clear(input);
    await userEvent.type(input, 't');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Transactions']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Search' }));
  });

  it("says 'No results..' when nothing matches, and Esc closes it", async () => {
    renderSearch();
    const input = await openSearch();
    await userEvent.type(input, 'zzz');
    expect(screen.getByText('No results..')).toBeTruthy();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers only what the role may see, from the same pruned tree as the menu', async () => {
    renderSearch(['user']);
    await userEvent.type(await openSearch(), 'staff');
    expect(screen.getByText('No results..')).toBeTruthy();
  });

  it('staff find their own pages', async () => {
    renderSearch(['staff']);
    await userEvent.type(await openSearch(), 'staff');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Staff tools']);
  });

  it('searches the translated titles, diacritics ignored ("islem" finds "İşlemler")', async () => {
    await act(() => initI18n('tr'));
    renderSearch();
    await userEvent.click(screen.getByRole('button', { name: 'Ara' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Ara' }), 'islem');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['İşlemler']);
  });
});
