import { useMemo } from 'react';
import { useSession } from '@/shared/session/session-store';
import { pruneNavigation } from './match';
import type { NavItem } from './types';

const NO_PERMISSIONS: readonly number[] = [];

/**
 * The navigation tree the signed-in user (or guest) may see, pruned once per change of role, account
 * type or Permissions: what the menu, the search and the shortcuts are given.
 */
export function usePrunedNavigation(items: readonly NavItem[]): NavItem[] {
  const roles = useSession((state) => state.role);
  const type = useSession((state) => state.user?.type ?? null);
  const permissions = useSession((state) => state.user?.Permissions ?? NO_PERMISSIONS);
  // A saved profile brings an equal list in a new array: the key keeps the tree.
  const permissionKey = permissions.join(',');
  return useMemo(
    () => pruneNavigation(items, { roles, type, permissions: permissionKey ? permissionKey.split(',').map(Number) : [] }),
    [items, roles, type, permissionKey],
  );
}
