import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { changeLanguage, i18n } from '@/shared/i18n/i18n';
import { changeShellSettings } from '@/shared/shell-settings/shell-settings';
import { DarkTheme, DirectionProvider } from './direction-provider';
import { PartTheme } from './part-theme';
import { loadColorSchemes } from './scheme-palettes';

function Probe({ name }: { name: string }) {
  const theme = useTheme();
  return (
    <span data-testid={name} data-direction={theme.direction}>
      {theme.palette.background.paper}
    </span>
  );
}

function renderShell({ game = false } = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider>
        <Probe name="main" />
        <PartTheme part="navbar">
          <Probe name="navbar" />
        </PartTheme>
        <PartTheme part="footer">
          <Probe name="footer" />
        </PartTheme>
        {game && (
          <DarkTheme>
            <Probe name="game" />
          </DarkTheme>
        )}
      </DirectionProvider>
    </I18nextProvider>,
  );
}

const html = document.documentElement;
const shownDirection = () => screen.getByTestId('main').dataset.direction;

describe('direction', () => {
  it("follows the language on auto; the settings' ltr or rtl wins over it, and auto gives it back", async () => {
    renderShell();
    expect([html.lang, html.dir, shownDirection()]).toEqual(['en', 'ltr', 'ltr']);

    act(() => changeShellSettings({ direction: 'rtl' }));
    // The right-to-left styles load first, then the page turns.
    await waitFor(() => expect(shownDirection()).toBe('rtl'));
    expect([html.lang, html.dir]).toEqual(['en', 'rtl']);
    expect(screen.getByTestId('navbar').dataset.direction).toBe('rtl');
    expect(document.head.querySelector('style[data-emotion^="muirtl"]')).not.toBeNull();

    act(() => changeShellSettings({ direction: 'auto' }));
    expect([html.lang, html.dir, shownDirection()]).toEqual(['en', 'ltr', 'ltr']);

    await act(() => changeLanguage('ar'));
    expect([html.lang, html.dir, shownDirection()]).toEqual(['ar', 'rtl', 'rtl']);
    act(() => changeShellSettings({ direction: 'ltr' }));
    expect([html.lang, html.dir, shownDirection()]).toEqual(['ar', 'ltr', 'ltr']);
  });

  it('keeps the chosen direction when the language changes', async () => {
    changeShellSettings({ direction: 'rtl' });
    renderShell();
    await waitFor(() => expect(shownDirection()).toBe('rtl'));
    await act(() => changeLanguage('tr'));
    expect([html.lang, html.dir, shownDirection()]).toEqual(['tr', 'rtl', 'rtl']);
    await act(() => changeLanguage('en'));
    expect([html.lang, html.dir, shownDirection()]).toEqual(['en', 'rtl', 'rtl']);
  });
});

describe('themes per part', () => {
  it('gives each part its own scheme', async () => {
    await loadColorSchemes();
    changeShellSettings({ themes: { main: 'daylight', navbar: 'emerald-felt' } });
    renderShell();
    expect(screen.getByTestId('main').textContent).toBe('#ffffff');
    expect(screen.getByTestId('navbar').textContent).toBe('#0f241b');
    // A part left unset follows the main scheme.
    expect(screen.getByTestId('footer').textContent).toBe('#ffffff');
    // The part's text is in its own scheme's colour, whatever the page's is.
    expect(getComputedStyle(screen.getByTestId('navbar').parentElement as HTMLElement).color).toBe('#fff');
    expect(getComputedStyle(screen.getByTestId('footer').parentElement as HTMLElement).color).toBe('rgba(0, 0, 0, 0.87)');
    expect(getComputedStyle(document.body).backgroundColor).toBe('#f4f6fb');

    act(() => changeShellSettings({ themes: { main: 'daylight', navbar: 'no-such-scheme' } }));
    expect(screen.getByTestId('navbar').textContent).toBe('#141d30');
  });

  it('keeps the game screen in the default dark scheme, page background included', async () => {
    await loadColorSchemes();
    changeShellSettings({ themes: { main: 'daylight' } });
    renderShell({ game: true });
    expect(screen.getByTestId('main').textContent).toBe('#ffffff');
    expect(screen.getByTestId('game').textContent).toBe('#141d30');
    expect(getComputedStyle(document.body).backgroundColor).toBe('#0b1220');
  });
});
