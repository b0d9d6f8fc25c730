/** The three presentations of SPEC §2's auth pages: `login`, `login-2`, `login-3` (1, 2, 3). */
export type Presentation = 1 | 2 | 3;

/** The pages of /pages/auth/* by what they do; a presentation's number follows the name (`register-2`). */
export type AuthPageKind = 'login' | 'register' | 'forgot-password' | 'reset-password' | 'mail-confirm' | 'lock';

/** How many presentations each page has (SPEC §2): another presentation's link goes to the nearest one. */
const presentations: Record<AuthPageKind, Presentation> = {
  login: 3,
  register: 3,
  'forgot-password': 2,
  'reset-password': 2,
  'mail-confirm': 1,
  lock: 1,
};

/** Reads a route's variant (`forgot-password-2`) as the page and its presentation. */
export function parseAuthPage(variant: string): { kind: AuthPageKind; presentation: Presentation } | null {
  const [, name = '', number] = /^(.+?)(?:-([23]))?$/.exec(variant) ?? [];
  if (!(name in presentations)) return null;
  const kind = name as AuthPageKind;
  const presentation = Number(number ?? 1) as Presentation;
  return presentation <= presentations[kind] ? { kind, presentation } : null;
}

/**
 * /pages/auth/{kind}[-{presentation}][?query]: the one place these paths are written. A presentation
 * the page lacks (forgot-password has two) gives its last.
 */
export function authPageHref(kind: AuthPageKind, presentation: Presentation = 1, query?: Record<string, string>): string {
  const shown = Math.min(presentation, presentations[kind]);
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `/pages/auth/${kind}${shown > 1 ? `-${shown}` : ''}${search}`;
}
