import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { HorizontalNavigation, SUBMENU_DELAY_MS } from './horizontal-navigation';
import type { NavItem } from './types';

const items: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', translate: 'nav.lobby', url: '/lobby', badge: { title: '3', bg: '#b71c1c', fg: '#ffffff' } },
  { id: 'sep', type: 'divider' },
  {
    id: 'history',
    type: 'collapse',
    title: 'History',
    children: [
      { id: 'sessions', type: 'item', title: 'Sessions', url: '/slot-sessions' },
      {
        id: 'money',
        type: 'group',
        title: 'Money',
        children: [
          { id: 'transactions', type: 'item', title: 'Transactions', url: '/transactions' },
          { id: 'docs', type: 'link', title: 'Docs', url: 'https://example.com/docs', target: '_blank' },
        ],
      },
    ],
  },
];

function renderAt(path: string, direction: 'ltr' | 'rtl' = 'ltr') {
  const router = createMemoryRouter([{ path: '*', element: <HorizontalNavigation items={items} /> }], { initialEntries: [path] });
  render(
    <ThemeProvider theme={createTheme({ direction })}>
      <div dir={direction}>
        <RouterProvider router={router} />
      </div>
    </ThemeProvider>,
  );
  return router;
}

const history = () => screen.getByRole('button', { name: 'History' });

describe('horizontal navigation', () => {
  it('shows items, badges and dividers in a row and marks the current page', () => {
    renderAt('/lobby');
    const lobby = screen.getByRole('link', { name: /Lobby/ });
    expect(lobby.getAttribute('aria-current')).toBe('page');
    expect(within(lobby).getByText('3')).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(history().getAttribute('aria-haspopup')).toBe('menu');
    expect(history().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens a submenu on hover only after the delay, and closes it after the pointer leaves', async () => {
    renderAt('/lobby');
    const user = userEvent.setup();
    await user.hover(history());
    // Not at once: a pointer passing over the bar opens nothing.
    expect(screen.queryByRole('menu')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, SUBMENU_DELAY_MS + 50));
    expect(screen.getByRole('menu', { name: 'History' })).toBeTruthy();
    expect(history().getAttribute('aria-expanded')).toBe('true');
    // Hover opened it: the focus stays where it was.
    expect(document.activeElement).toBe(document.body);
    await user.unhover(history());
    expect(screen.getByRole('menu', { name: 'History' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(history().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens by keyboard onto its first item, goes into a nested menu with ArrowRight, back with ArrowLeft, and Esc returns the focus', async () => {
    renderAt('/lobby');
    const user = userEvent.setup();
    history().focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'History' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Sessions' })));
    await user.keyboard('{ArrowDown}');
    const money = within(menu).getByRole('menuitem', { name: 'Money' });
    expect(document.activeElement).toBe(money);
    expect(money.getAttribute('aria-haspopup')).toBe('menu');
    await user.keyboard('{ArrowRight}');
    const nested = await screen.findByRole('menu', { name: 'Money' });
    expect(money.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(within(nested).getByRole('menuitem', { name: 'Transactions' })));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(nested).getByRole('menuitem', { name: 'Docs' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByRole('menu', { name: 'Money' })).toBeNull();
    expect(document.activeElement).toBe(money);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(history());
  });

  it('opens with Enter and picks a page, which closes the menus', async () => {
    const router = renderAt('/lobby');
    const user = userEvent.setup();
    history().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'History' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Sessions' })));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/slot-sessions'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('swaps the arrows in RTL: ArrowLeft goes into a nested menu, ArrowRight comes back', async () => {
    renderAt('/lobby', 'rtl');
    const user = userEvent.setup();
    history().focus();
    await user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu', { name: 'History' });
    await waitFor(() => expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Sessions' })));
    await user.keyboard('{ArrowDown}');
    const money = within(menu).getByRole('menuitem', { name: 'Money' });
    await user.keyboard('{ArrowRight}');
    expect(screen.queryByRole('menu', { name: 'Money' })).toBeNull();
    await user.keyboard('{ArrowLeft}');
    const nested = await screen.findByRole('menu', { name: 'Money' });
    await waitFor(() => expect(document.activeElement).toBe(within(nested).getByRole('menuitem', { name: 'Transactions' })));
    await user.keyboard('{ArrowRight}');
    expect(screen.queryByRole('menu', { name: 'Money' })).toBeNull();
    expect(document.activeElement).toBe(money);
  });

  it('highlights a submenu whose child is the current page, and marks that child', async () => {
    renderAt('/transactions');
    const user = userEvent.setup();
    expect(history().className).toMatch(/colorPrimary/);
    expect(screen.getByRole('link', { name: /Lobby/ }).getAttribute('aria-current')).toBeNull();
    history().focus();
    await user.keyboard('{ArrowDown}');
    const money = await screen.findByRole('menuitem', { name: 'Money' });
    expect(money.className).toMatch(/selected/);
    await user.click(money);
    const nested = await screen.findByRole('menu', { name: 'Money' });
    expect(within(nested).getByRole('menuitem', { name: 'Transactions' }).getAttribute('aria-current')).toBe('page');
    const docs = within(nested).getByRole('menuitem', { name: 'Docs' });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
  });
});
