import { describe, expect, it } from 'vitest';
import { authPageHref, parseAuthPage } from './auth-page-href';

describe('the auth pages’ names and presentations', () => {
  it('reads a route variant as the page and its presentation', () => {
    expect(parseAuthPage('login')).toEqual({ kind: 'login', presentation: 1 });
    expect(parseAuthPage('register-3')).toEqual({ kind: 'register', presentation: 3 });
    expect(parseAuthPage('forgot-password-2')).toEqual({ kind: 'forgot-password', presentation: 2 });
    expect(parseAuthPage('reset-password')).toEqual({ kind: 'reset-password', presentation: 1 });
    expect(parseAuthPage('mail-confirm')).toEqual({ kind: 'mail-confirm', presentation: 1 });
    expect(parseAuthPage('lock')).toEqual({ kind: 'lock', presentation: 1 });
    for (const unknown of ['forgot-password-3', 'lock-2', 'signup', '']) expect(parseAuthPage(unknown)).toBeNull();
  });

  it('writes the path of a page in a presentation, the nearest one it has', () => {
    expect(authPageHref('login', 3)).toBe('/pages/auth/login-3');
    expect(authPageHref('forgot-password', 3)).toBe('/pages/auth/forgot-password-2');
    expect(authPageHref('register')).toBe('/pages/auth/register');
    expect(authPageHref('mail-confirm', 2, { sent: 'reset' })).toBe('/pages/auth/mail-confirm?sent=reset');
  });
});
