import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { authRoles, type Role } from '@/shared/lib/authorization';
import { pruneNavigation } from './match';
import type { NavItem } from './types';
import { indent, VerticalNavigation } from './vertical-navigation';

const items: NavItem[] = [
  {
    id: 'main',
    type: 'group',
    title: 'Main',
    children: [
      { id: 'lobby', type: 'item', title: 'Lobby', translate: 'nav.lobby', url: '/lobby', auth: authRoles.user, level: 145 },
      {
        id: 'history',
        type: 'collapse',
        title: 'History',
        children: [
          { id: 'sessions', type: 'item', title: 'Sessions', url: '/slot-sessions' },
          { id: 'admin-only', type: 'item', title: 'Admin tools', url: '/admin', auth: authRoles.admin },
        ],
      },
    ],
  },
  { id: 'sep', type: 'divider' },
  { id: 'docs', type: 'link', title: 'Docs', url: 'https://example.com/docs', target: '_blank', badge: { title: 'new' } },
  { id: 'guest', type: 'item', title: 'Guests only', url: '/pages/auth/login', auth: authRoles.onlyGuest },
];

/** The menu as the shell gives it: the tree pruned for the user's roles (a player's type holds the menu's level). */
function renderAt(path: string, roles: Role[]) {
  const pruned = pruneNavigation(items, { roles, type: roles.length ? 'player' : null, permissions: [] });
  const router = createMemoryRouter([{ path: '*', element: <VerticalNavigation items={pruned} /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
}

describe('vertical navigation', () => {
  it('renders groups, items, links and dividers the user may see, translated', () => {
    renderAt('/lobby', ['user']);
    expect(screen.getByText('Main')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lobby' }).getAttribute('aria-current')).toBe('page');
    const docs = screen.getByRole('link', { name: /Docs/ });
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
    expect(within(docs).getByText('new')).toBeTruthy();
    expect(screen.getByRole('separator')).toBeTruthy();
    expect(screen.queryByText('Guests only')).toBeNull();
  });

  it('opens a collapse by itself when a child matches and hides children the role may not see', async () => {
    renderAt('/slot-sessions', ['user']);
    const toggle = screen.getByRole('button', { name: 'History' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // MUI's Collapse comes in its own chunk (the SPEC §2 menu has no collapse): the children follow it.
    expect((await screen.findByRole('link', { name: 'Sessions' })).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByText('Admin tools')).toBeNull();
    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows guest-only items to guests and hides user items', () => {
    renderAt('/', []);
    expect(screen.getByRole('link', { name: 'Guests only' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Lobby' })).toBeNull();
  });
});

describe('indentation', () => {
  it('is 24 px at level 0, then 40 + 16 per level, never more than 80', () => {
    expect([0, 1, 2, 3, 4, 10].map(indent)).toEqual([24, 56, 72, 80, 80, 80]);
  });

  it("indents a collapse's children by their level", async () => {
    renderAt('/slot-sessions', ['user']);
    expect(getComputedStyle(screen.getByRole('button', { name: 'History' })).paddingLeft).toBe('24px');
    expect(getComputedStyle(await screen.findByRole('link', { name: 'Sessions' })).paddingLeft).toBe('56px');
  });
});
