import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { RouteGuard } from '@/features/auth/components/route-guard';
import { Error500Page } from '@/features/errors/pages/error-500-page';
import { RouteErrorPage } from '@/features/errors/pages/route-error-page';
import { prefetchBrand, prefetchLobby } from '@/features/lobby/api/prefetch-lobby';
import { BareLayout } from '@/features/shell/components/bare-layout';
import { SplashScreen } from '@/shared/components/splash-screen';
import { paths } from '@/shared/config/paths';
import { getSettings } from '@/shared/config/settings';
import { loadPageTexts } from '@/shared/i18n/i18n';
import { hiddenChrome, type RouteHandle } from '@/shared/config/route-handle';
import { authRoles } from '@/shared/lib/authorization';
import { whenSignedIn } from '@/shared/session/session-store';

/** A code-split page: the module is fetched when its route is first matched. */
const lazyPage =
  <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  async () => ({ Component: (await load())[name] });

/** A page behind the lobby: its code and the page texts (shared/i18n/i18n.ts loadPageTexts) load together. */
const lazyPageWithTexts =
  <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  async () => ({ Component: (await Promise.all([load(), loadPageTexts()]))[0][name] });

const page = (path: string, handle: RouteHandle, lazy: RouteObject['lazy']): RouteObject => ({ path, handle, lazy });

const user: RouteHandle = { auth: authRoles.user };
const guestOnly: RouteHandle = { auth: authRoles.onlyGuest, layout: hiddenChrome };
const publicBare: RouteHandle = { layout: hiddenChrome };

/** Pages without the shell (SPEC §2: login, callback, logout and game hide the chrome). */
export const bareRoutes: RouteObject[] = [
  { index: true, loader: () => redirect(paths.lobby.path) },
  page(
    paths.login.path,
    guestOnly,
    lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage'),
  ),
  page(
    paths.callback.path,
    guestOnly,
    lazyPage(() => import('@/features/auth/pages/callback-page'), 'CallbackPage'),
  ),
  page(
    paths.logout.path,
    { auth: authRoles.user, layout: hiddenChrome },
    lazyPage(() => import('@/features/auth/pages/logout-page'), 'LogoutPage'),
  ),
  { path: paths.gameRoot.path, loader: () => redirect(paths.lobby.path) },
  page(
    paths.game.path,
    { auth: authRoles.user, layout: hiddenChrome },
    lazyPageWithTexts(() => import('./game-route'), 'GameRoute'),
  ),
  page(
    paths.error404.path,
    publicBare,
    lazyPage(() => import('@/features/errors/pages/error-404-page'), 'Error404Page'),
  ),
  // Already in the main bundle: the route error element shows it too.
  { path: paths.error500.path, handle: publicBare, Component: Error500Page },
  { path: '*', loader: () => redirect(paths.error404.path) },
];

/**
 * A route loader that starts its page's queries, once the token check has signed the player in, while
 * the page's code downloads (a first visit used to ask for the lobby's data only when the page had
 * mounted, ~0.6 s later on a phone: docs/benchmarks.md). It does not wait for them: the page shows its
 * own loading state, and its queries find the answers in flight or in the cache.
 */
const prefetching =
  (prefetch: (args: LoaderFunctionArgs) => Promise<void>) =>
  (args: LoaderFunctionArgs): null => {
    void whenSignedIn().then((signedIn) => (signedIn ? prefetch(args) : undefined));
    return null;
  };

/** Pages inside the shell: toolbar, navbar and footer. */
export const shellRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    ...page(
      paths.lobby.path,
      { ...user, layout: { mainClass: 'lobby-background' } },
      lazyPage(() => import('@/features/lobby/pages/lobby-page'), 'LobbyPage'),
    ),
    loader: prefetching(() => prefetchLobby(queryClient, getSettings())),
  },
  {
    ...page(
      paths.brand.path,
      { ...user, layout: { mainClass: 'lobby-background' } },
      lazyPage(() => import('@/features/lobby/pages/brand-page'), 'BrandPage'),
    ),
    loader: prefetching(({ params }) => prefetchBrand(queryClient, Number(params.id))),
  },
  page(
    paths.profile.path,
    user,
    lazyPageWithTexts(() => import('@/features/profile/pages/profile-page'), 'ProfilePage'),
  ),
  page(
    paths.profileById.path,
    user,
    lazyPageWithTexts(() => import('@/features/profile/pages/profile-page'), 'ProfilePage'),
  ),
  page(
    paths.slotSessions.path,
    user,
    lazyPageWithTexts(() => import('@/features/slot-sessions/pages/slot-sessions-page'), 'SlotSessionsPage'),
  ),
  page(
    paths.transactions.path,
    user,
    lazyPageWithTexts(() => import('@/features/transactions/pages/transactions-page'), 'TransactionsPage'),
  ),
  page(
    paths.rules.path,
    user,
    lazyPageWithTexts(() => import('@/features/rules/pages/rules-page'), 'RulesPage'),
  ),
];

/**
 * SPEC §2 routes. Each carries its SPEC §6 roles (`handle.auth`) and layout config (`handle.layout`);
 * the guard at the root reads them. The bare branch renders the page alone (BareLayout), so a first
 * visit to /login does not download the shell's layouts, drawer, app bar and menu. The lobby's
 * loaders start their queries in `queryClient`, the one the app provides.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    element: <RouteGuard />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <SplashScreen />,
    children: [
      { element: <BareLayout />, children: bareRoutes },
      { lazy: lazyPage(() => import('./app-layout'), 'AppLayout'), children: shellRoutes(queryClient) },
    ],
  },
];
