import type { NavItem } from './types';
import { hasPermission, type Role } from '@/shared/lib/authorization';

/** Whether `pathname` is the item's url (exact) or below it. */
export function isUrlActive(url: string, pathname: string, exact = false): boolean {
  if (exact || url === '/') return pathname === url;
  return pathname === url || pathname.startsWith(url.endsWith('/') ? url : `${url}/`);
}

/** SPEC §2: items highlight when the path matches them or a child. */
export function isItemActive(item: NavItem, pathname: string): boolean {
  switch (item.type) {
    case 'item':
      return isUrlActive(item.url, pathname, item.exact);
    case 'group':
    case 'collapse':
      return item.children.some((child) => isItemActive(child, pathname));
    default:
      return false;
  }
}

/** Who the navigation is pruned for: the session's role list, and the token's account type and Permissions. */
export type NavigationViewer = {
  roles: readonly Role[];
  /** SPEC §3 `type`; absent for a guest. */
  type?: string | null;
  /** SPEC §3 `Permissions`: the permission ids (levels) the account holds besides its type's. */
  permissions?: readonly number[];
};

/** SPEC §6: the level of the player menu; every item of the SPEC §2 menu carries it. */
export const PLAYER_LEVEL = 145;

/**
 * The levels an account type holds without listing them in its Permissions (docs/portal-shell.md
 * "Navigation permissions"): a player account reaches the player menu. A type not named here holds
 * only what its Permissions list.
 */
export const levelsOfType: ReadonlyMap<string, readonly number[]> = new Map([['player', [PLAYER_LEVEL]]]);

/** SPEC §5: an item with a `level` shows only to a viewer whose Permissions or account type hold that level. */
export function hasLevel(level: number | undefined, viewer: NavigationViewer): boolean {
  if (level === undefined) return true;
  if (viewer.permissions?.includes(level)) return true;
  return viewer.type ? (levelsOfType.get(viewer.type)?.includes(level) ?? false) : false;
}

const visible = (item: NavItem, viewer: NavigationViewer) =>
  hasPermission(item.auth, viewer.roles) && (item.type === 'divider' || hasLevel(item.level, viewer));

/**
 * The navigation tree `viewer` may see (SPEC §5, docs/portal-shell.md "Navigation permissions"):
 * an item shows when the role passes its `auth` rule and, for an item with a `level`, the account's
 * Permissions or type hold that level. A group or collapse left without children goes too, and so
 * does a divider left at either end or next to another. The menu, the search and the shortcuts all
 * read this one tree.
 */
export function pruneNavigation(items: readonly NavItem[], viewer: NavigationViewer): NavItem[] {
  const kept = items.flatMap((item): NavItem[] => {
    if (!visible(item, viewer)) return [];
    if (item.type !== 'group' && item.type !== 'collapse') return [item];
    const children = pruneNavigation(item.children, viewer);
    return children.length ? [{ ...item, children }] : [];
  });
  return kept.filter(
    (item, index) => item.type !== 'divider' || (index > 0 && index < kept.length - 1 && kept[index + 1]?.type !== 'divider'),
  );
}
