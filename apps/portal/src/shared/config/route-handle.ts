import { useMatches } from 'react-router';
import type { AuthRule } from '../lib/authorization';

/** Which parts of the shell a route shows (SPEC §2: login and game hide the chrome). */
export type LayoutConfig = {
  toolbar: boolean;
  navbar: boolean;
  footer: boolean;
  /** The side panels and the shell's dialogs. */
  panels: boolean;
  /** Extra class on the main area, e.g. the lobby background (SPEC §2). */
  mainClass?: string;
};

/** What a route object carries besides its element: SPEC §6 roles and the layout config. */
export type RouteHandle = {
  auth?: AuthRule;
  layout?: Partial<LayoutConfig>;
  /** Which of a page's presentations this route shows (app/spec-routes.ts `params`: /pages/auth/login-2 → 'login-2'). */
  variant?: string;
};

export const defaultLayout: LayoutConfig = { toolbar: true, navbar: true, footer: true, panels: true };
export const hiddenChrome: Partial<LayoutConfig> = { toolbar: false, navbar: false, footer: false, panels: false };

const isHandle = (value: unknown): value is RouteHandle => typeof value === 'object' && value !== null;

/** The presentation the matched route asks of its page (`handle.variant`), e.g. 'login-2'. */
export function useRouteVariant(): string | undefined {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  return isHandle(handle) ? handle.variant : undefined;
}

/** The merged handle of the matched routes; deeper routes win. */
export function useRouteHandle(): { auth: AuthRule; layout: LayoutConfig } {
  const matches = useMatches();
  let auth: AuthRule = undefined;
  let layout: LayoutConfig = defaultLayout;
  for (const match of matches) {
    if (!isHandle(match.handle)) continue;
    if ('auth' in match.handle) auth = match.handle.auth;
    if (match.handle.layout) layout = { ...layout, ...match.handle.layout };
  }
  return { auth, layout };
}
