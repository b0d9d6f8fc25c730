import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { changeLayoutStyle } from '@/shared/shell-settings/shell-settings';
import { ToolbarSearch } from './toolbar-search';
import type { NavItem } from './types';

const items: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', translate: 'nav.lobby', url: '/lobby' },
  { id: 'transactions', type: 'item', title: 'Transactions', translate: 'nav.transactions', url: '/transactions' },
  { id: 'sessions', type: 'item', title: 'Slot Sessions', translate: 'nav.slotSessions', url: '/slot-sessions' },
];

type Happy = { happyDOM: { setViewport: (size: { width: number; height: number }) => void } };
const setWidth = (width: number) => (window as unknown as Happy).happyDOM.setViewport({ width, height: 900 });

afterEach(() => setWidth(1024));

function renderSearch() {
  const router = createMemoryRouter([{ path: '*', element: <ToolbarSearch items={items} /> }], { initialEntries: ['/lobby'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('toolbar search', () => {
  it('is the Search button in layout1', () => {
    setWidth(1400);
    renderSearch();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('is a field in the toolbar in layout3: suggestions as one types, arrows and Enter open one, Esc clears', async () => {
    setWidth(1400);
    changeLayoutStyle('layout3');
    const router = renderSearch();
    const input = await screen.findByRole('combobox', { name: 'Search' });
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
    const user = userEvent.setup();
    await user.type(input, 's');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Slot Sessions']);
    await user.keyboard('{Escape}');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(input, 'zzz');
    expect(screen.getByText('No results..')).toBeTruthy();
    await user.clear(input);
    await user.type(input, 't');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('is the button again in layout3 on a small screen', () => {
    changeLayoutStyle('layout3');
    renderSearch();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
  });
});
