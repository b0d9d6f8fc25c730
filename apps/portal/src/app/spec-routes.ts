// Relative imports: e2e/routes.e2e.test.ts reads the list in Node (app/route-list.ts).
import { hiddenChrome, type LayoutConfig } from '../shared/config/route-handle';
import { authRoles, type AuthRule } from '../shared/lib/authorization';

/**
 * One route of SPEC §2: its path pattern, SPEC §6 roles, whether it shows the shell, and for each
 * `:param` the values that exist: the router makes one route per value, so any other value is an
 * unknown path (the 404 page). `redirect`: a route that only sends on. The router (routes.tsx) is
 * built from these lists: `coreRoutes` here, in the main bundle, and `moreRoutes` (app/more-routes.ts,
 * the pages few visitors open), found on the first navigation to one of them. `specRoutes` in
 * more-routes.ts is the whole of SPEC §2, which e2e/routes.e2e.test.ts walks.
 */
export interface SpecRoute {
  path: string;
  auth?: AuthRule;
  /** 'bare': the page alone (SPEC §2 "chrome hidden"); 'shell': toolbar, navbar and footer. */
  chrome: 'bare' | 'shell';
  layout?: Partial<LayoutConfig>;
  params?: Record<string, readonly string[]>;
  redirect?: string;
}

export const bare = { chrome: 'bare', layout: hiddenChrome } as const;
export const lobbyBackground = { mainClass: 'lobby-background' };

/** The player's routes, the sign-in pages and the error pages: the main bundle's. */
export const coreRoutes = [
  { path: '/', chrome: 'bare', redirect: '/lobby' },
  { path: '/login', auth: authRoles.onlyGuest, ...bare },
  { path: '/callback', auth: authRoles.onlyGuest, ...bare },
  { path: '/logout', auth: authRoles.user, ...bare },
  { path: '/lobby', auth: authRoles.user, chrome: 'shell', layout: lobbyBackground },
  { path: '/lobby/:id/:name', auth: authRoles.user, chrome: 'shell', layout: lobbyBackground },
  { path: '/game', chrome: 'bare', redirect: '/lobby' },
  { path: '/game/:gameId/:name', auth: authRoles.user, ...bare },
  { path: '/profile', auth: authRoles.user, chrome: 'shell' },
  { path: '/profile/:profileId', auth: authRoles.user, chrome: 'shell' },
  { path: '/slot-sessions', auth: authRoles.user, chrome: 'shell' },
  { path: '/transactions', auth: authRoles.user, chrome: 'shell' },
  { path: '/rules', auth: authRoles.user, chrome: 'shell' },
  { path: '/pages/errors/error-404', ...bare },
  { path: '/pages/errors/error-500', ...bare },
] as const satisfies readonly SpecRoute[];

export type CorePath = (typeof coreRoutes)[number]['path'];
