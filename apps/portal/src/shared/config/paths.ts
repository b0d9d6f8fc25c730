/** The route table of SPEC §2: every route string lives here, with a typed `getHref`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string | null) => (redirectTo ? `/login?redirect=${encodeURIComponent(redirectTo)}` : '/login'),
  },
  callback: { path: '/callback', getHref: () => '/callback' },
  logout: { path: '/logout', getHref: () => '/logout' },
  lobby: { path: '/lobby', getHref: () => '/lobby' },
  brand: {
    path: '/lobby/:id/:name',
    getHref: (id: number, name: string) => `/lobby/${id}/${encodeURIComponent(name)}`,
  },
  gameRoot: { path: '/game', getHref: () => '/game' },
  game: {
    path: '/game/:gameId/:name',
    getHref: (id: number, name: string) => `/game/${id}/${encodeURIComponent(name)}`,
  },
  profile: { path: '/profile', getHref: () => '/profile' },
  profileById: { path: '/profile/:profileId', getHref: (id: string | number) => `/profile/${id}` },
  slotSessions: { path: '/slot-sessions', getHref: () => '/slot-sessions' },
  transactions: { path: '/transactions', getHref: () => '/transactions' },
  rules: { path: '/rules', getHref: () => '/rules' },
  error404: { path: '/pages/errors/error-404', getHref: () => '/pages/errors/error-404' },
  error500: { path: '/pages/errors/error-500', getHref: () => '/pages/errors/error-500' },
} as const;

/**
 * Where to go after login: only same-site paths, and never back to /logout (SPEC §2: "a redirect to
 * /logout is replaced by /").
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return paths.home.getHref();
  }
  if (target === paths.logout.path || target.startsWith(`${paths.logout.path}?`) || target === paths.login.path) {
    return paths.home.getHref();
  }
  return target;
}

/** Whether an id read from a path (`Number(params.id)`) can name a record: a whole number from 1. No request is made for one that cannot. */
export const isPathId = (id: number): boolean => Number.isInteger(id) && id > 0;
