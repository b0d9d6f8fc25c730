import { describe, expect, it } from 'vitest';
import { authRoles } from '@/shared/lib/authorization';
import { hasLevel, PLAYER_LEVEL, pruneNavigation, type NavigationViewer } from './match';
import type { NavItem } from './types';

const tree: NavItem[] = [
  { id: 'lobby', type: 'item', title: 'Lobby', url: '/lobby', auth: authRoles.user, level: PLAYER_LEVEL },
  { id: 'open', type: 'item', title: 'Open', url: '/open' },
  { id: 'divider-1', type: 'divider' },
  {
    id: 'team',
    type: 'group',
    title: 'Team',
    auth: authRoles.staff,
    children: [
      { id: 'reports', type: 'item', title: 'Reports', url: '/reports', level: 300 },
      {
        id: 'tools',
        type: 'collapse',
        title: 'Tools',
        children: [{ id: 'kick', type: 'item', title: 'Kick', url: '/kick', auth: authRoles.admin }],
      },
    ],
  },
  { id: 'divider-2', type: 'divider' },
  { id: 'guest-only', type: 'item', title: 'Sign in', url: '/login', auth: authRoles.onlyGuest },
];

const ids = (items: readonly NavItem[]): string[] =>
  items.flatMap((item) => [item.id, ...(item.type === 'group' || item.type === 'collapse' ? ids(item.children) : [])]);

const player: NavigationViewer = { roles: ['user'], type: 'player', permissions: [] };

describe('pruneNavigation', () => {
  it('gives a player the player-level items through the account type, and drops the team group left empty', () => {
    expect(ids(pruneNavigation(tree, player))).toEqual(['lobby', 'open']);
  });

  it('hides a level item from an account whose type and Permissions do not hold the level', () => {
    expect(ids(pruneNavigation(tree, { roles: ['user'], type: 'agent', permissions: [] }))).toEqual(['open']);
    expect(ids(pruneNavigation(tree, { roles: ['user'], type: 'agent', permissions: [PLAYER_LEVEL] }))).toEqual(['lobby', 'open']);
  });

  it('shows staff the group, but only the children their level and role reach', () => {
    const staff: NavigationViewer = { roles: ['staff'], type: 'player', permissions: [] };
    // No level 300, no admin role: the group's children are all gone, so is the group (and its dividers).
    expect(ids(pruneNavigation(tree, staff))).toEqual(['lobby', 'open']);
    expect(ids(pruneNavigation(tree, { ...staff, permissions: [300] }))).toEqual(['lobby', 'open', 'divider-1', 'team', 'reports']);
    expect(ids(pruneNavigation(tree, { roles: ['admin'], type: 'player', permissions: [300] }))).toEqual([
      'lobby',
      'open',
      'divider-1',
      'team',
      'reports',
      'tools',
      'kick',
    ]);
  });

  it('gives a guest the open and guest-only items, never a level item', () => {
    expect(ids(pruneNavigation(tree, { roles: [] }))).toEqual(['open', 'divider-2', 'guest-only']);
    expect(ids(pruneNavigation([{ id: 'x', type: 'item', title: 'X', url: '/x', level: PLAYER_LEVEL }], { roles: [] }))).toEqual([]);
  });

  it('leaves the tree it was given as it was', () => {
    const before = JSON.stringify(tree);
    pruneNavigation(tree, player);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('hasLevel', () => {
  it('passes an item without a level, whoever looks', () => {
    expect(hasLevel(undefined, { roles: [] })).toBe(true);
  });

  it('reads the Permissions list, then the account type', () => {
    expect(hasLevel(300, { roles: ['user'], type: 'player', permissions: [300] })).toBe(true);
    expect(hasLevel(300, player)).toBe(false);
    expect(hasLevel(PLAYER_LEVEL, player)).toBe(true);
    expect(hasLevel(PLAYER_LEVEL, { roles: ['user'], type: 'constructor', permissions: [] })).toBe(false);
  });
});
