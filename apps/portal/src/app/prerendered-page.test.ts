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
    expect(keepPrerenderedPage(container, 'tr', at('/login'))).toBe(true);
    expect(container.hasAttribute('inert')).toBe(true);
    expect(container.textContent).toBe('Giriş yap');
    const styles = document.head.appendChild(document.createElement('style'));
    styles.setAttribute(prerenderedStyleAttribute, '');
    appShownIn(container);
    expect(container.hasAttribute('inert')).toBe(false);
    expect(container.dataset.prerendered).toBeUndefined();
    // The page's default-theme styles go with it: the player's theme is the app's alone.
    expect(styles.isConnected).toBe(false);
  });

  it.each([
    ['another language', 'en', '/login', null],
    ['another path', 'tr', '/pages/auth/login', null],
    ['a stored session', 'tr', '/login', 'a.b.c'],
  ])('drops it at once for %s', (_case, language, pathname, token) => {
    setAccessToken(token);
    const container = prerenderedRoot('/login tr');
    expect(keepPrerenderedPage(container, language, at(pathname))).toBe(false);
    expect(container.childNodes).toHaveLength(0);
    expect(container.hasAttribute('inert')).toBe(false);
  });

  it('leaves a page that was not prerendered alone', () => {
    const container = document.createElement('div');
    expect(keepPrerenderedPage(container, 'tr', at('/login'))).toBe(false);
  });
});
