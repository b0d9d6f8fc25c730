import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '@/shared/session/token-storage';
import { appShownIn, keepPrerenderedPage, prerenderedStyleAttribute } from './prerendered-page';

function prerenderedRoot(rendered: string) {
  const container = document.createElement('div');
  container.dataset.prerendered = rendered;
  container.setAttribute('inert', '');
  container.innerHTML = '<main><h1>Giriş yap</h1></main>';
  return container;
}
const at = (pathname: string) => ({ pathname }) as Location;

afterEach(() => setAccessToken(null));

describe('keepPrerenderedPage', () => {
  it('keeps the page, inert, when the app will show it: same path, same language, no stored session', () => {
    const container = prerenderedRoot('/login tr');
    expect(keepPrerenderedPage(container, 'tr', at('/login'))).toBe('page');
    expect(container.hasAttribute('inert')).toBe(true);
    expect(container.textContent).toBe('Giriş yap');
    const styles = (attribute: string, value: string) => {
      const style = document.head.appendChild(document.createElement('style'));
      style.setAttribute(attribute, value);
      return style;
    };
    const wholePageOnly = styles(prerenderedStyleAttribute, '');
    const adopted = styles('data-emotion', 'mui a1 b2');
    const adoptedGlobal = styles('data-emotion', 'mui-global');
    const otherTheme = styles('data-emotion', 'mui-global c3');
    // The styles of a cache not made (as the right-to-left one is until a right-to-left page needs it).
    const otherCache = styles('data-emotion', 'muixyz d4');
    appShownIn(container);
    expect(container.hasAttribute('inert')).toBe(false);
    expect(container.dataset.prerendered).toBeUndefined();
    // The ltr cache adopted the page's class styles, and a Global of the same styles its own; what
    // nothing adopted goes: the player's theme is not under the page's default one.
    expect([wholePageOnly, adopted, adoptedGlobal, otherTheme, otherCache].map((style) => style.isConnected)).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    adopted.remove();
    adoptedGlobal.remove();
  });

  it("keeps /lobby's page for a stored session: the app shows it to a signed-in player", () => {
    setAccessToken('a.b.c');
    const container = prerenderedRoot('/lobby ar');
    expect(keepPrerenderedPage(container, 'ar', at('/lobby'))).toBe('page');
    expect(container.hasAttribute('inert')).toBe(true);
  });

  it.each([
    ['another language', 'en', '/login', null, '/login tr'],
    ['another path', 'tr', '/pages/auth/login', null, '/login tr'],
    ['a stored session', 'tr', '/login', 'a.b.c', '/login tr'],
    ['no stored session on /lobby', 'tr', '/lobby', null, '/lobby tr'],
    ['the splash in another language', 'ar', '/game/1/Lucky', 'a.b.c', 'splash en'],
  ])('drops it at once for %s', (_case, language, pathname, token, rendered) => {
    setAccessToken(token);
    const container = prerenderedRoot(rendered);
    expect(keepPrerenderedPage(container, language, at(pathname))).toBeNull();
    expect(container.childNodes).toHaveLength(0);
    expect(container.hasAttribute('inert')).toBe(false);
  });

  it.each([
    ['a stored session', '/game/1/Lucky', 'a.b.c'],
    ['none', '/register', null],
  ])('keeps the splash on any page, with %s: the app starts with its own', (_case, pathname, token) => {
    setAccessToken(token);
    const container = prerenderedRoot('splash en');
    expect(keepPrerenderedPage(container, 'en', at(pathname))).toBe('splash');
    expect(container.textContent).toBe('Giriş yap');
  });

  it('leaves a page that was not prerendered alone', () => {
    const container = document.createElement('div');
    expect(keepPrerenderedPage(container, 'tr', at('/login'))).toBeNull();
  });
});
