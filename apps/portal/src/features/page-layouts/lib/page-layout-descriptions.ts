// eslint-disable-next-line import-x/no-restricted-paths -- types only (erased): the route list's names, so a missing one fails the typecheck
import type { pageLayoutNames } from '@/app/route-list';
import {
  blankLayout,
  cardedFullWidth,
  simpleFullWidth,
  type PageLayoutDescription,
} from '@/shared/components/page-layout/page-layout-description';

type Names = typeof pageLayoutNames;
export type DemoFamily = keyof Names | 'blank';

const carded = (more: Partial<PageLayoutDescription>): PageLayoutDescription => ({ ...cardedFullWidth, ...more });
const simple = (more: Partial<PageLayoutDescription>): PageLayoutDescription => ({ ...simpleFullWidth, ...more });

/**
 * Every /ui/page-layouts/carded/* page's layout (a name the route list gains without one here fails
 * the typecheck). `-2`: the sidebar inside the card, and the header stays while the card's content
 * scrolls; `-tabbed`: tabs on the card.
 */
export const cardedLayouts: Record<Names['carded'][number], PageLayoutDescription> = {
  'full-width': cardedFullWidth,
  'full-width-tabbed': carded({ tabs: true }),
  'full-width-2': carded({ scroll: 'content' }),
  'full-width-2-tabbed': carded({ scroll: 'content', tabs: true }),
  'left-sidebar': carded({ leftSidebar: 'outer' }),
  'left-sidebar-tabbed': carded({ leftSidebar: 'outer', tabs: true }),
  'left-sidebar-2': carded({ leftSidebar: 'inner', scroll: 'content' }),
  'left-sidebar-2-tabbed': carded({ leftSidebar: 'inner', scroll: 'content', tabs: true }),
  'right-sidebar': carded({ rightSidebar: 'outer' }),
  'right-sidebar-tabbed': carded({ rightSidebar: 'outer', tabs: true }),
  'right-sidebar-2': carded({ rightSidebar: 'inner', scroll: 'content' }),
  'right-sidebar-2-tabbed': carded({ rightSidebar: 'inner', scroll: 'content', tabs: true }),
};

/**
 * Every /ui/page-layouts/simple/* page's layout. A plain sidebar runs the page's whole height beside
 * the header; `-2` keeps the header still while the content scrolls; `-3` puts the sidebar below the
 * header, beside the content.
 */
export const simpleLayouts: Record<Names['simple'][number], PageLayoutDescription> = {
  'full-width': simpleFullWidth,
  'left-sidebar': simple({ leftSidebar: 'outer' }),
  'left-sidebar-2': simple({ leftSidebar: 'outer', scroll: 'content' }),
  'left-sidebar-3': simple({ leftSidebar: 'inner' }),
  'right-sidebar': simple({ rightSidebar: 'outer' }),
  'right-sidebar-2': simple({ rightSidebar: 'outer', scroll: 'content' }),
  'right-sidebar-3': simple({ rightSidebar: 'inner' }),
  tabbed: simple({ tabs: true }),
};

export type LayoutDemo = { family: DemoFamily; name: string; layout: PageLayoutDescription };

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/** The demo a /ui/page-layouts path shows (`variant`: the route's name), or null for none. */
export function layoutDemoOf(pathname: string, variant: string | undefined): LayoutDemo | null {
  const family = /^\/ui\/page-layouts\/(carded|simple|blank)(\/|$)/.exec(pathname)?.[1];
  if (family === 'blank') return { family, name: 'blank', layout: blankLayout };
  if (variant === undefined) return null;
  if (family === 'carded' && has(cardedLayouts, variant)) return { family, name: variant, layout: cardedLayouts[variant] };
  if (family === 'simple' && has(simpleLayouts, variant)) return { family, name: variant, layout: simpleLayouts[variant] };
  return null;
}
