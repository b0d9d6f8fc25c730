import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { DirectionProvider } from '@/shared/theme/direction-provider';
import { changeLanguage, i18n, initI18n, pickLanguage } from './i18n';

function DirectionProbe() {
  const theme = useTheme();
  return <span data-testid="direction">{theme.direction}</span>;
}

describe('i18n', () => {
  it('switches to right-to-left for Arabic: <html dir/lang>, MUI direction and the RTL emotion cache', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <DirectionProvider>
          <DirectionProbe />
        </DirectionProvider>
      </I18nextProvider>,
    );
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByTestId('direction').textContent).toBe('ltr');

    await act(() => changeLanguage('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByTestId('direction').textContent).toBe('rtl');
    expect(document.head.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();
    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(i18n.t('nav.lobby')).toBe('الردهة');

    await act(() => changeLanguage('tr'));
    expect(document.documentElement.dir).toBe('ltr');
    expect(screen.getByTestId('direction').textContent).toBe('ltr');
    expect(i18n.t('nav.lobby')).toBe('Lobi');
  });

  it('prefers the stored language over the settings default', () => {
    expect(pickLanguage('tr')).toBe('tr');
    window.localStorage.setItem('language', 'en');
    expect(pickLanguage('tr')).toBe('en');
    window.localStorage.setItem('language', 'xx');
    expect(pickLanguage('ar')).toBe('ar');
  });

  it('tells the platform the chosen language in a cookie, for /login rendered in it from the first byte', async () => {
    await act(() => changeLanguage('en'));
    expect(document.cookie).toContain('reelcast-language=en');
    await act(() => changeLanguage('tr'));
    expect(document.cookie).toContain('reelcast-language=tr');
  });

  it('sets the cookie at start for a language stored without it (a choice made before the cookie existed), not for the default', async () => {
    document.cookie = 'reelcast-language=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    await initI18n('en');
    expect(document.cookie).not.toContain('reelcast-language');
    window.localStorage.setItem('language', 'en');
    await initI18n('en');
    expect(document.cookie).toContain('reelcast-language=en');
  });

  it('fails loudly on a missing key in tests', async () => {
    await initI18n('en');
    expect(() => Reflect.apply(i18n.t, i18n, ['nav.noSuchKey'])).toThrow(/Missing translation key "nav.noSuchKey"/);
  });

  it('keeps the SPEC texts verbatim in every language', async () => {
    for (const language of ['en', 'tr', 'ar'] as const) {
      await initI18n(language);
      expect(i18n.t('auth.minLength')).toBe('Min character length is 4');
      expect(i18n.t('common.loggingOut')).toBe('Logging out..');
      expect(i18n.t('common.loading')).toBe('Loading...');
      expect(i18n.t('auth.notAllowed')).toBe('LOGIN is not allowed.');
      expect(i18n.t('auth.tokenNoLongerValid')).toBe('Probably Access Token is no longer valid');
    }
  });
});
