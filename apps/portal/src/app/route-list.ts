// The data of SPEC §2's routes few visitors open, without their pages: the router's more-routes.ts
// adds the pages, and e2e/routes.e2e.test.ts reads this list in Node (relative imports only, so the
// repository's own typecheck of e2e/ resolves it).
import { authRoles } from '../shared/lib/authorization';
import { bare, coreRoutes, type SpecRoute } from './spec-routes';

/**
 * SPEC §2 /pages/auth/* open to everyone: three presentations of sign-in, of registration, two of the
 * reset request, and the pages a mail's link opens. A signed-out visitor needs them as much as SPEC §6's
 * admin, staff and user (docs/portal-shell.md "Who may open a route"). `lock` is a signed-in user's.
 */
export const openAuthPageNames = [
  'login',
  'login-2',
  'login-3',
  'register',
  'register-2',
  'register-3',
  'forgot-password',
  'forgot-password-2',
  'reset-password',
  'reset-password-2',
  'mail-confirm',
] as const;
export type AuthPageName = (typeof openAuthPageNames)[number] | 'lock';

/** SPEC §2 /ui/page-layouts/carded/* and /simple/*: the page layouts the player pages are built from. */
export const pageLayoutNames = {
  carded: [
    'full-width',
    'full-width-tabbed',
    'full-width-2',
    'full-width-2-tabbed',
    'left-sidebar',
    'left-sidebar-tabbed',
    'left-sidebar-2',
    'left-sidebar-2-tabbed',
    'right-sidebar',
    'right-sidebar-tabbed',
    'right-sidebar-2',
    'right-sidebar-2-tabbed',
  ],
  simple: [
    'full-width',
    'left-sidebar',
    'left-sidebar-2',
    'left-sidebar-3',
    'right-sidebar',
    'right-sidebar-2',
    'right-sidebar-3',
    'tabbed',
  ],
} as const;
export type PageLayoutFamily = keyof typeof pageLayoutNames;

/** SPEC §2 /ui/*: the UI reference pages. */
export const uiPageNames = ['icons', 'typography', 'helper-classes'] as const;
/** SPEC §2 /pages/search/*: two presentations of one search. */
export const searchPageNames = ['classic', 'modern'] as const;

/** SPEC §2's routes few visitors open: the role examples, the demo, auth and UI pages, the documentation; and the console. */
export const moreRoutes = [
  { path: '/documentation/*', auth: authRoles.user, chrome: 'shell' },
  // The operator's console (docs/console.md): staff and admin only, here so no player's first load carries it.
  { path: '/console/floor', auth: authRoles.staff, chrome: 'shell' },
  { path: '/console/reports', auth: authRoles.staff, chrome: 'shell' },
  { path: '/console/players', auth: authRoles.staff, chrome: 'shell' },
  { path: '/console/money', auth: authRoles.admin, chrome: 'shell' },
  { path: '/console/audit', auth: authRoles.staff, chrome: 'shell' },
  { path: '/auth/admin-role-example', auth: authRoles.admin, chrome: 'shell' },
  { path: '/auth/staff-role-example', auth: authRoles.staff, chrome: 'shell' },
  { path: '/auth/guest-role-example', auth: authRoles.onlyGuest, chrome: 'shell' },
  { path: '/pages/auth/:page', ...bare, params: { page: openAuthPageNames } },
  { path: '/pages/auth/lock', auth: authRoles.user, ...bare },
  { path: '/pages/coming-soon', ...bare },
  { path: '/pages/profile', auth: authRoles.user, chrome: 'shell' },
  { path: '/pages/search/:kind', auth: authRoles.user, chrome: 'shell', params: { kind: searchPageNames } },
  { path: '/ui/page-layouts/carded/:name', auth: authRoles.user, chrome: 'shell', params: { name: pageLayoutNames.carded } },
  { path: '/ui/page-layouts/simple/:name', auth: authRoles.user, chrome: 'shell', params: { name: pageLayoutNames.simple } },
  { path: '/ui/page-layouts/blank', auth: authRoles.user, chrome: 'shell' },
  { path: '/ui/:page', auth: authRoles.user, chrome: 'shell', params: { page: uiPageNames } },
] as const satisfies readonly SpecRoute[];

/** Every route of SPEC §2, as the router serves it. */
export const specRoutes: readonly SpecRoute[] = [...coreRoutes, ...moreRoutes];
