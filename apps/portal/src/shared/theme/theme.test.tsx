import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/shared/i18n/i18n';
import { changeShellSettings } from '@/shared/shell-settings/shell-settings';
import { DirectionProvider } from './direction-provider';

/**
 * Every style the portal's emotion caches (DirectionProvider's) have put in the page, as one text. The head
 * also keeps what the worker's other files rendered without them, in emotion's default cache.
 */
const pageStyles = () => [...document.head.querySelectorAll('style[data-emotion^="mui"]')].map((style) => style.textContent).join('\n');

function ThemeProbe() {
  const theme = useTheme();
  return (
    <>
      <span data-testid="transition">{theme.transitions.create('opacity')}</span>
      <span data-testid="entering">{theme.transitions.duration.enteringScreen}</span>
    </>
  );
}

const themeTransition = () => screen.getByTestId('transition').textContent;

function renderThemed() {
  return render(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider>
        <ThemeProbe />
        <Button>Spin</Button>
      </DirectionProvider>
    </I18nextProvider>,
  );
}

/** A system that asks for reduced motion, or not. */
function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query === '(prefers-reduced-motion: reduce)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

describe('animations', () => {
  it('on: MUI transitions, ripples, and no rule that stops them', async () => {
    renderThemed();
    expect(themeTransition()).toMatch(/opacity \d+ms/);
    expect(getComputedStyle(screen.getByRole('button', { name: 'Spin' })).transition).toMatch(/background-color \d+ms/);
    expect(pageStyles()).not.toContain('transition:none!important');
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    expect(document.querySelector('.MuiTouchRipple-root')).not.toBeNull();
  });

  it('off: no transition, animation or ripple anywhere, and MUI transitions end at once', async () => {
    changeShellSettings({ animations: false });
    renderThemed();
    expect(themeTransition()).toBe('none');
    expect(screen.getByTestId('entering').textContent).toBe('0');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Spin' })).transition).toBe('none');
    expect(pageStyles()).toMatch(/\*,\*::before,\*::after\{[^}]*transition:none!important;[^}]*animation:none!important;\}/);
    await userEvent.click(screen.getByRole('button', { name: 'Spin' }));
    expect(document.querySelector('.MuiTouchRipple-root')).toBeNull();
  });

  it('follows prefers-reduced-motion whatever the setting, and always ships the reduced-motion rule', () => {
    stubReducedMotion(true);
    renderThemed();
    expect(themeTransition()).toBe('none');
    expect(pageStyles()).toMatch(
      /@media \(prefers-reduced-motion: reduce\)\{\*,\*::before,\*::after\{[^}]*animation-duration:0\.01ms!important;[^}]*transition-duration:0\.01ms!important;/,
    );
  });

  it('turns back on at once when switched on again', () => {
    stubReducedMotion(false);
    changeShellSettings({ animations: false });
    renderThemed();
    expect(themeTransition()).toBe('none');
    act(() => changeShellSettings({ animations: true }));
    expect(themeTransition()).not.toBe('none');
  });
});

describe('custom scrollbars', () => {
  it('on: scrollbars in the scheme colours (standard and WebKit)', () => {
    renderThemed();
    const styles = pageStyles();
    expect(styles).toMatch(/html\{[^}]*scrollbar-color:rgba\(255, 255, 255, 0\.3\) #0b1220;scrollbar-width:thin;/);
    expect(styles).toMatch(/\*::-webkit-scrollbar\{width:10px;height:10px;background-color:#0b1220;\}/);
    expect(styles).toMatch(/\*::-webkit-scrollbar-thumb\{background-color:rgba\(255, 255, 255, 0\.3\);/);
  });

  it("off: the browser's own", () => {
    changeShellSettings({ customScrollbars: false });
    renderThemed();
    const styles = pageStyles();
    expect(styles).not.toContain('scrollbar-color');
    expect(styles).not.toContain('::-webkit-scrollbar');
  });
});

describe('Retro Thrusters (quick panel; docs/quick-panel.md)', () => {
  function ShapeProbe() {
    const theme = useTheme();
    return <span data-testid="shape">{`${theme.shape.borderRadius} ${theme.typography.fontFamily}`}</span>;
  }

  it('on: the classic look, square corners and typewriter type; off again: the usual', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <DirectionProvider>
          <ShapeProbe />
        </DirectionProvider>
      </I18nextProvider>,
    );
    const shape = () => screen.getByTestId('shape').textContent;
    expect(shape()).toMatch(/^10 "Inter"/);
    act(() => changeShellSettings({ quickSettings: { retroThrusters: true } }));
    expect(shape()).toMatch(/^0 "Courier New"/);
    act(() => changeShellSettings({ quickSettings: { retroThrusters: false } }));
    expect(shape()).toMatch(/^10 "Inter"/);
  });
});
