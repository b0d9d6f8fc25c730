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

/** SPEC §5: items whose auth rule the user does not pass render nothing. */
export function filterByRole(items: readonly NavItem[], roles: readonly Role[]): NavItem[] {
  return items
    .filter((item) => hasPermission(item.auth, roles))
    .map((item) => (item.type === 'group' || item.type === 'collapse' ? { ...item, children: filterByRole(item.children, roles) } : item));
}
