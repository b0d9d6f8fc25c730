import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { PageEntry, routesOf } from './route-builder';
import { moreRoutes } from './route-list';
import type { SpecRoute } from './spec-routes';

export * from './route-list';

type MorePath = (typeof moreRoutes)[number]['path'];

/** What routes.tsx hands over from the main bundle (imported here, they would become chunks of their own). */
export interface MoreRoutesTools {
  routesOf: typeof routesOf;
  loadPageTexts: () => Promise<unknown>;
}

let tools: MoreRoutesTools;

/** A page that loads with the page texts when its route is first matched. */
const page = <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K): PageEntry => ({
  lazy: async () => ({ Component: (await Promise.all([load(), tools.loadPageTexts()]))[0][name] }),
});

const authPages = page(() => import('@/features/auth/pages/auth-page'), 'AuthPage');
const roleExample = page(() => import('@/features/role-examples/pages/role-example-page'), 'RoleExamplePage');
const pageLayouts = page(() => import('@/features/page-layouts/pages/page-layout-demo-page'), 'PageLayoutDemoPage');

/** The page of every route of `moreRoutes`: a route the list gains without a page here fails the typecheck. */
const pageTable: Record<MorePath, PageEntry> = {
  '/console/floor': page(() => import('@/features/console/pages/floor-page'), 'FloorPage'),
  '/console/reports': page(() => import('@/features/console/pages/reports-page'), 'ReportsPage'),
  '/console/players': page(() => import('@/features/console/pages/players-page'), 'PlayersPage'),
  '/console/money': page(() => import('@/features/console/pages/money-page'), 'MoneyPage'),
  '/console/audit': page(() => import('@/features/console/pages/audit-page'), 'AuditPage'),
  '/documentation/*': page(() => import('@/features/documentation/pages/documentation-page'), 'DocumentationPage'),
  '/auth/admin-role-example': roleExample,
  '/auth/staff-role-example': roleExample,
  '/auth/guest-role-example': roleExample,
  '/pages/auth/:page': authPages,
  '/pages/auth/lock': authPages,
  '/pages/coming-soon': page(() => import('@/features/demo-pages/pages/coming-soon-page'), 'ComingSoonPage'),
  '/pages/profile': page(() => import('@/features/demo-pages/pages/public-profile-page'), 'PublicProfilePage'),
  '/pages/search/:kind': page(() => import('@/features/search/pages/search-page'), 'SearchPage'),
  '/ui/page-layouts/carded/:name': pageLayouts,
  '/ui/page-layouts/simple/:name': pageLayouts,
  '/ui/page-layouts/blank': pageLayouts,
  '/ui/:page': page(() => import('@/features/ui-reference/pages/ui-page'), 'UiPage'),
};

/** The route objects routes.tsx patches into its bare and shell branches. */
export function moreRouteObjects(given: MoreRoutesTools): Record<SpecRoute['chrome'], RouteObject[]> {
  tools = given;
  return { bare: tools.routesOf('bare', moreRoutes, pageTable), shell: tools.routesOf('shell', moreRoutes, pageTable) };
}
