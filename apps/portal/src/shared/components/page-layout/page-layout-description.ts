/** Where a page's sidebar sits: `outer` beside the card (carded) or the whole page (simple), `inner` inside the card (carded) or below the header, beside the content (simple). */
export type SidebarPlacement = 'inner' | 'outer';

/**
 * One page layout, as data: the carded and simple layouts (SHELL.md, docs/portal-shell.md "Page layouts")
 * are drawn from it, the /ui/page-layouts pages show each one and the player pages name theirs.
 * - `family`: `carded` puts the content on a card over a coloured header band; `simple` lays it flat on
 *   the page.
 * - `header`: a header above the content (the page title, the sidebar buttons on phones).
 * - `leftSidebar`, `rightSidebar`: a sidebar on that side (the start and end side of the reading direction:
 *   in Arabic the left sidebar is on the right), and where. Below the md breakpoint a sidebar is a drawer
 *   opened from the header.
 * - `tabs`: tabs between the header and the content.
 * - `scroll`: `page` lets the page grow and the window (or the shell's page area) scroll; `content` fills
 *   the window's height and only the content scrolls, the header and the tabs stay.
 */
export type PageLayoutDescription = {
  family: 'carded' | 'simple';
  header: boolean;
  leftSidebar?: SidebarPlacement;
  rightSidebar?: SidebarPlacement;
  tabs: boolean;
  scroll: 'page' | 'content';
};

/** A header, the content full width on the page; the page scrolls (the player's lists). */
export const simpleFullWidth = { family: 'simple', header: true, tabs: false, scroll: 'page' } as const satisfies PageLayoutDescription;

/** A header band, the content on a card over it; the page scrolls (the profile, the rules). */
export const cardedFullWidth = { family: 'carded', header: true, tabs: false, scroll: 'page' } as const satisfies PageLayoutDescription;

/** No header, no card: the page's content alone. */
export const blankLayout = { family: 'simple', header: false, tabs: false, scroll: 'page' } as const satisfies PageLayoutDescription;
