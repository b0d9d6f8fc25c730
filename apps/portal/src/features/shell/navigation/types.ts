import type { ElementType } from 'react';
import type { ParseKeys } from 'i18next';
import type { AuthRule } from '@/shared/lib/authorization';

/** SPEC §3 navigation item: id, type, title, translate key, icon, url, exact, target, badge, children, auth, levels. */
type NavBase = {
  id: string;
  title: string;
  translate?: ParseKeys;
  icon?: ElementType;
  auth?: AuthRule;
  /** SPEC §6: menu items carry level 145. */
  level?: number;
};

export type NavBadge = { title: string; bg?: string; fg?: string };

export type NavGroupItem = NavBase & { type: 'group'; children: NavItem[] };
export type NavCollapseItem = NavBase & { type: 'collapse'; children: NavItem[]; url?: string };
export type NavPageItem = NavBase & { type: 'item'; url: string; exact?: boolean; badge?: NavBadge };
export type NavLinkItem = NavBase & { type: 'link'; url: string; target?: '_blank' | '_self'; badge?: NavBadge };
export type NavDividerItem = { type: 'divider'; id: string; auth?: AuthRule };

export type NavItem = NavGroupItem | NavCollapseItem | NavPageItem | NavLinkItem | NavDividerItem;
