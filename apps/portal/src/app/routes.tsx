import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { DOMRouterOpts, LoaderFunctionArgs, RouteObject } from 'react-router';
import { RouteGuard } from '@/features/auth/components/route-guard';
import { Error500Page } from '@/features/errors/pages/error-500-page';
import { RouteErrorPage } from '@/features/errors/pages/route-error-page';
import { BareLayout } from '@/features/shell/components/bare-layout';
import { SplashScreen } from '@/shared/components/splash-screen';
import { paths } from '@/shared/config/paths';
import { getSettings } from '@/shared/config/settings';
import { loadPageTexts } from '@/shared/i18n/i18n';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { whenSignedIn } from '@/shared/session/session-store';
import { routesOf, sendOn, type PageEntry } from './route-builder';
import { coreRoutes, type CorePath } from './spec-routes';

/** A code-split page: the module is fetched when its route is first matched. */
const lazyPage =
  <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  async () => ({ Component: (await load())[name] });

/** A page behind the lobby: its code and the page texts (shared/i18n/i18n.ts loadPageTexts) load together. */
const lazyPageWithTexts =
  <M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  async () => ({ Component: (await Promise.all([load(), loadPageTexts()]))[0][name] });

const lobbyPage = () => import('@/features/lobby/pages/lobby-page');
const brandPage = () => import('@/features/lobby/pages/brand-page');
/**
 * The lobby's queries (features/lobby/api/prefetch-lobby.ts), imported when a lobby route is matched,
 * so the /login first load does not carry them. Both lobby pages import it too, so it is in a chunk the
 * route preloader fetched at start (scripts/first-load.mjs): the data is asked for while the page's own
 * code is still on its way (e2e/first-load.e2e.test.ts).
 */
const lobbyQueries = () => import('@/features/lobby/api/prefetch-lobby');

/**
 * A route loader that starts its page's queries, once the token check has signed the player in, while
 * the page's code downloads (a first visit used to ask for the lobby's data only when the page had
 * mounted, ~0.6 s later on a phone: docs/benchmarks.md). It does not wait for them: the page shows its
 * own loading state, and its queries find the answers in flight or in the cache.
 */
let prefetched: Promise<void> = Promise.resolve();

/**
 * Settles once the queries the last route's loader started have answered (or failed; at once when it
 * started none): the takeover of a page the platform rendered waits for it (app/main.tsx), so that the
 * app's first render has the page's data, not its loading state (the lobby's footer showed in the
 * empty page, then went down as the cards came: a layout shift).
 */
export const routePrefetched = (): Promise<void> => prefetched;

const prefetching =
  (prefetch: (args: LoaderFunctionArgs) => Promise<void>) =>
  (args: LoaderFunctionArgs): null => {
    prefetched = whenSignedIn()
      .then((signedIn) => (signedIn ? prefetch(args) : undefined))
      .catch(() => {});
    return null;
  };

/**
 * The game screen's code and texts, asked for once a lobby is on screen with its data (never with the
 * first load, whose budget is full), so that a Play click does not wait for them: a first Play took
 * ~200 ms longer for them (bench/latency/play.mjs). The route's `lazy` then finds them loaded.
 */
const preloadGame = (queryClient: QueryClient) => {
  void afterFirstView(queryClient)
    .then(() => Promise.all([import('./preload-game').then(({ loadGameRoute }) => loadGameRoute()), loadPageTexts()]))
    .catch(() => {});
};

type CorePagePath = Exclude<CorePath, '/' | '/game'>;

/** The page of every route of `coreRoutes`: a route the list gains without a page here fails the typecheck. */
const pageTable = (queryClient: QueryClient): Record<CorePagePath, PageEntry> => {
  return {
    '/login': { lazy: lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage') },
    '/callback': { lazy: lazyPage(() => import('@/features/auth/pages/callback-page'), 'CallbackPage') },
    '/logout': { lazy: lazyPage(() => import('@/features/auth/pages/logout-page'), 'LogoutPage') },
    '/lobby': {
      lazy: lazyPage(lobbyPage, 'LobbyPage'),
      loader: prefetching(async () => {
        preloadGame(queryClient);
        await (await lobbyQueries()).prefetchLobby(queryClient, getSettings());
      }),
    },
    '/lobby/:id/:name': {
      lazy: lazyPage(brandPage, 'BrandPage'),
      loader: prefetching(async ({ params }) => {
        preloadGame(queryClient);
        await (await lobbyQueries()).prefetchBrand(queryClient, Number(params.id));
      }),
    },
    '/game/:gameId/:name': {
      lazy: lazyPageWithTexts(() => import('./game-route'), 'GameRoute'),
      loader: prefetching(async ({ params }) => (await import('./game-route')).prefetchGame(queryClient, Number(params.gameId))),
    },
    '/profile': { lazy: lazyPageWithTexts(() => import('@/features/profile/pages/profile-page'), 'ProfilePage') },
    '/profile/:profileId': { lazy: lazyPageWithTexts(() => import('@/features/profile/pages/profile-page'), 'ProfilePage') },
    '/slot-sessions': {
      lazy: lazyPageWithTexts(() => import('@/features/slot-sessions/pages/slot-sessions-page'), 'SlotSessionsPage'),
    },
    '/transactions': {
      lazy: lazyPageWithTexts(() => import('@/features/transactions/pages/transactions-page'), 'TransactionsPage'),
    },
    '/rules': { lazy: lazyPageWithTexts(() => import('@/features/rules/pages/rules-page'), 'RulesPage') },
    '/pages/errors/error-404': { lazy: lazyPage(() => import('@/features/errors/pages/error-404-page'), 'Error404Page') },
    // Already in the main bundle: the route error element shows it too.
    '/pages/errors/error-500': { Component: Error500Page },
  };
};

/** The first path segments of app/more-routes.ts: a navigation there loads those routes once. */
const moreRoutesPath = /^\/(auth|console|documentation|pages|ui)(\/|$)/;

/**
 * The router's `patchRoutesOnNavigation`: the first navigation to one of the routes few visitors open
 * (app/more-routes.ts) adds them all to the bare and shell branches, so the main bundle carries neither
 * their list nor their imports. Until then such a path matches only the catch-all, which is why the
 * router asks here first.
 */
export const patchRoutesOnNavigation: NonNullable<DOMRouterOpts['patchRoutesOnNavigation']> = async ({ path, patch }) => {
  if (!moreRoutesPath.test(path)) return;
  const { moreRouteObjects } = await import('./more-routes');
  const routes = moreRouteObjects({ routesOf, loadPageTexts });
  patch('bare', routes.bare);
  patch('shell', routes.shell);
};

/**
 * SPEC §2 routes (app/spec-routes.ts; the rest arrive with `patchRoutesOnNavigation`). Each carries its SPEC §6 roles (`handle.auth`) and layout config (`handle.layout`);
 * the guard at the root reads them. The bare branch renders the page alone (BareLayout), so a first
 * visit to /login does not download the shell's layouts, drawer, app bar and menu. The lobby's
 * loaders start their queries in `queryClient`, the one the app provides.
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => {
  const table = pageTable(queryClient);
  return [
    {
      element: <RouteGuard />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <SplashScreen />,
      children: [
        {
          id: 'bare',
          element: <BareLayout />,
          children: [...routesOf('bare', coreRoutes, table), { path: '*', element: sendOn(paths.error404.path) }],
        },
        { id: 'shell', lazy: lazyPage(() => import('./app-layout'), 'AppLayout'), children: routesOf('shell', coreRoutes, table) },
      ],
    },
  ];
};
