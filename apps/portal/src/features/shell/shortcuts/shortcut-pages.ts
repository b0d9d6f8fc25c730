import { useMemo } from 'react';
import { useSession } from '@/shared/session/session-store';
import type { NavItem, NavLinkItem, NavPageItem } from '../navigation/types';

export type ShortcutPage = NavPageItem | NavLinkItem;

/** The pages (items and links) of a navigation tree, depth first: what a shortcut may point at. */
export function navigationPages(items: readonly NavItem[]): ShortcutPage[] {
  return items.flatMap((item): ShortcutPage[] => {
    if (item.type === 'item' || item.type === 'link') return [item];
    if (item.type === 'group' || item.type === 'collapse') return navigationPages(item.children);
    return [];
  });
}

/**
 * The user's shortcuts (navigation item ids, SPEC §3) as pages of the pruned tree, in the user's
 * order. An id the user may no longer see, or that no longer exists, shows nothing.
 */
export function shortcutPages(items: readonly NavItem[], ids: readonly string[]): ShortcutPage[] {
  const pages = new Map(navigationPages(items).map((page) => [page.id, page]));
  return ids.flatMap((id) => pages.get(id) ?? []);
}

const NO_SHORTCUTS: readonly string[] = [];

/** The signed-in user's shortcuts as pages of `items` (the pruned tree); none for a guest. */
export function useShortcutPages(items: readonly NavItem[]): ShortcutPage[] {
  const ids = useSession((state) => (state.status === 'authenticated' ? (state.user?.shortcuts ?? NO_SHORTCUTS) : NO_SHORTCUTS));
  return useMemo(() => shortcutPages(items, ids), [items, ids]);
}
