import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pruneNavigation } from '@/features/shell/navigation/match';
import { navigationPages, shortcutPages } from '@/features/shell/shortcuts/shortcut-pages';
import type { NavItem } from '@/features/shell/navigation/types';
import { i18n, initI18n } from '@/shared/i18n/i18n';
import type { Role } from '@/shared/lib/authorization';
import { json, mockFetch } from '@/test/fetch-mock';
import { rulesAnswer } from '@/test/rules';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';
import { specRoutes } from './route-list';
import { navigationConfig } from './navigation-config';
import { ruleOf, teamNavigation } from './team-navigation';

const everything = [...navigationConfig, ...teamNavigation];
const pruned = (roles: Role[]) => pruneNavigation(everything, { roles, type: roles.length ? 'player' : null, permissions: [] });
const ids = (items: NavItem[]) => items.map((item) => item.id);
const pageUrls = (items: NavItem[]) => navigationPages(items).map((page) => page.url);

describe('navigation per role', () => {
  it('a player keeps exactly the six SPEC §2 items, even with the team groups in the tree', () => {
    expect(ids(pruned(['user']))).toEqual(['lobby', 'profile', 'slot-sessions', 'transactions', 'rules', 'logout']);
    expect(ids(navigationConfig)).toEqual(['lobby', 'profile', 'slot-sessions', 'transactions', 'rules', 'logout']);
  });

  it('staff and admin also get the Console, Pages and UI groups, each page as its route allows them', () => {
    for (const role of ['staff', 'admin'] as const) {
      const tree = pruned([role]);
      expect(ids(tree)).toEqual(['lobby', 'profile', 'slot-sessions', 'transactions', 'rules', 'logout', 'console', 'pages', 'ui']);
      const urls = pageUrls(tree);
      expect(urls).toEqual(
        expect.arrayContaining([
          '/console/floor',
          '/console/reports',
          '/pages/coming-soon',
          '/pages/errors/error-404',
          '/pages/errors/error-500',
          '/pages/profile',
          '/pages/search/classic',
          '/pages/search/modern',
          '/pages/auth/lock',
          '/pages/auth/reset-password',
          '/pages/auth/reset-password-2',
          '/pages/auth/mail-confirm',
          '/ui/page-layouts/carded/full-width',
          '/ui/page-layouts/carded/right-sidebar-2-tabbed',
          '/ui/page-layouts/simple/tabbed',
          '/ui/page-layouts/blank',
          '/ui/icons',
          '/ui/typography',
          '/ui/helper-classes',
        ]),
      );
      // 12 carded and 8 simple layouts.
      expect(urls.filter((url) => url.startsWith('/ui/page-layouts/carded/'))).toHaveLength(12);
      expect(urls.filter((url) => url.startsWith('/ui/page-layouts/simple/'))).toHaveLength(8);
      // The sign-in, registration and reset-request pages are open to every account (docs/portal-shell.md).
      expect(urls.filter((url) => /\/pages\/auth\/(login|register|forgot-password)/.test(url))).toHaveLength(8);
      // The console: the money requests are an admin's alone (docs/console.md "Money").
      expect(urls.filter((url) => url.startsWith('/console/'))).toEqual([
        '/console/floor',
        '/console/reports',
        '/console/players',
        ...(role === 'admin' ? ['/console/money'] : []),
        '/console/audit',
      ]);
    }
  });

  it('a shortcut to a team page shows for staff, and nothing for a player who saved the same id', () => {
    const saved = ['pages.coming-soon', 'ui.page-layouts.carded.full-width', 'lobby'];
    expect(shortcutPages(pruned(['staff']), saved).map((page) => page.url)).toEqual([
      '/pages/coming-soon',
      '/ui/page-layouts/carded/full-width',
      '/lobby',
    ]);
    expect(shortcutPages(pruned(['user']), saved).map((page) => page.url)).toEqual(['/lobby']);
  });

  it('a guest sees none of it', () => {
    expect(pruned([])).toEqual([]);
  });

  it('every team page is a route of the list and carries that route’s rule; ids are unique shortcut ids', () => {
    const pages = navigationPages(teamNavigation);
    // The console (floor, reports, players, money, audit), the auth pages, errors, the rest.
    expect(pages.length).toBe(5 + 12 + 1 + 2 + 1 + 2 + 12 + 8 + 1 + 3);
    for (const page of pages) expect(page.auth, page.url).toEqual(ruleOf(page.url));
    const routeOf = (url: string) =>
      specRoutes.find((route) => route.path === url || route.path.replace(/:\w+$/, '') === url.replace(/[^/]+$/, ''));
    for (const page of pages) expect(routeOf(page.url), page.url).toBeTruthy();
    expect(() => ruleOf('/pages/auth/nope')).toThrow(/not a route/);
    const all: string[] = [];
    const walk = (items: readonly NavItem[]) =>
      items.forEach((item) => {
        all.push(item.id);
        if (item.type === 'group' || item.type === 'collapse') walk(item.children);
      });
    walk(everything);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
  });

  it('every title is translated in en, tr and ar, and no two pages share a title in the search', async () => {
    const pages = navigationPages(teamNavigation);
    const titles: Record<string, string[]> = {};
    for (const language of ['en', 'tr', 'ar'] as const) {
      await initI18n(language);
      titles[language] = pages.map((page) => i18n.t(page.translate!));
      expect(new Set(titles[language]).size, language).toBe(pages.length);
    }
    expect(titles.en).toContain('Carded left sidebar 2, tabbed');
    expect(titles.en).toContain('Simple tabbed');
    expect(titles.en).toContain('Reset password 2');
    expect(titles.tr).toContain('Kartlı sol kenar çubuğu 2, sekmeli');
    expect(titles.ar).toContain('بطاقة: شريط جانبي أيسر 2، مع علامات تبويب');
    expect(titles.en).toEqual(pages.map((page) => page.title));
  });
});

/** Closes the small-screen navbar's drawer (Esc): the rest of the page is inert while it is open. */
async function closeMenu() {
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull());
}

describe('the shell’s navigation', () => {
  const answers = () =>
    mockFetch({
      'GET /player/balance': () => json({ balance: 0 }),
      'GET /player/profile': () => json(sampleProfile()),
      'GET /api/rules': () => rulesAnswer(),
    });

  it('staff get the Pages and UI groups once the page is shown, in the menu and in the navigation search', async () => {
    answers();
    signIn({ role: ['staff'] });
    renderApp('/rules');
    // happy-dom's window is below the lg breakpoint: the navbar is a temporary drawer.
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(await within(menu).findByText('Pages', {}, { timeout: 5000 })).toBeTruthy();
    expect(within(menu).getByText('UI')).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Coming soon' }).getAttribute('href')).toBe('/pages/coming-soon');
    await closeMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), 'classic');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Classic search']);
  });

  it('a player never gets them: the six items in the menu, nothing of them in the search', async () => {
    answers();
    signIn();
    renderApp('/rules');
    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    await waitFor(() => expect(within(menu).getAllByRole('link')).toHaveLength(6));
    // The shortcut bar arrives after the first view, as the groups would for staff: once it is there, still nothing.
    await closeMenu();
    expect(await screen.findByRole('button', { name: 'Click to add/remove shortcut' }, { timeout: 5000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
    const reopened = await screen.findByRole('navigation', { name: 'Menu' });
    expect(
      within(reopened)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Lobby', 'Profile', 'Slot Sessions', 'Transactions', 'Rules', 'Logout']);
    expect(within(reopened).queryByText('Pages')).toBeNull();
    await closeMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), 'classic');
    expect(screen.getByText('No results..')).toBeTruthy();
  });
});
