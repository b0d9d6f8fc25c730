import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { paletteOf } from './scheme-palettes';

/** SPEC §9 layout constants. */
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;

export type Direction = 'ltr' | 'rtl';

/**
 * The shell settings that shape a theme besides its colours (SPEC §3 settings entity); `retro` is the
 * quick panel's Retro Thrusters, the classic look (docs/quick-panel.md).
 */
export type ThemeOptions = { animations: boolean; customScrollbars: boolean; retro?: boolean };

const defaultOptions: ThemeOptions = { animations: true, customScrollbars: true };

const statusColours = {
  dark: { success: { main: '#43a047' }, warning: { main: '#fbc02d' }, info: { main: '#29b6f6' } },
  light: { success: { main: '#2e7d32' }, warning: { main: '#ed6c02' }, info: { main: '#0277bd' } },
} as const;

/** No motion at all: every duration 0 (MUI's transitions end at once) and no CSS transition or animation. */
const still = {
  transitions: {
    create: () => 'none',
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  baseline: { '*, *::before, *::after': { transition: 'none !important', animation: 'none !important' } },
};

/** A player who asked the system for less motion gets it whatever the setting says. */
const reducedMotion = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important',
    },
  },
};

/** Scrollbars in the scheme's colours (standard properties, and the WebKit ones for older Safari). */
function scrollbars(track: string, thumb: string, hover: string) {
  return {
    html: { scrollbarColor: `${thumb} ${track}`, scrollbarWidth: 'thin' },
    '*::-webkit-scrollbar': { width: 10, height: 10, backgroundColor: track },
    '*::-webkit-scrollbar-thumb': { backgroundColor: thumb, borderRadius: 8, border: `2px solid ${track}` },
    '*::-webkit-scrollbar-thumb:hover': { backgroundColor: hover },
  };
}

/**
 * The MUI theme of a colour scheme (an unknown id, or one not loaded yet, is the default's) in a
 * writing direction; animations off removes transitions, animations and ripples, custom scrollbars
 * off leaves the browser's.
 */
export function createAppTheme(direction: Direction, schemeId: string, options: ThemeOptions = defaultOptions): Theme {
  const palette = paletteOf(schemeId);
  const { mode } = palette;
  const thumb = alpha(mode === 'dark' ? '#ffffff' : '#000000', 0.3);
  return createTheme({
    direction,
    // Text on a filled colour (a status chip, a contained button) picked for WCAG AA's 4.5:1, not MUI's default 3.
    palette: { ...palette, ...statusColours[mode], contrastThreshold: 4.5 },
    shape: { borderRadius: options.retro ? 0 : 10 },
    typography: {
      fontFamily: options.retro
        ? '"Courier New", Courier, ui-monospace, monospace, "Noto Sans Arabic"'
        : '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Arabic", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    ...(options.animations ? {} : { transitions: still.transitions }),
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ...reducedMotion,
          ...(options.animations ? {} : still.baseline),
          ...(options.customScrollbars ? scrollbars(palette.background.default, thumb, alpha(palette.primary.main, 0.6)) : {}),
          '.lobby-background': {
            background: `radial-gradient(circle at 20% 0%, ${alpha(palette.primary.main, 0.08)} 0%, transparent 45%), radial-gradient(circle at 100% 30%, ${alpha(palette.secondary.main, 0.06)} 0%, transparent 40%)`,
          },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: !options.animations } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiCard: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
}

const themes = new Map<string, Theme>();

/** createAppTheme, made once per combination: the main theme and each part's share it. */
export function appTheme(direction: Direction, schemeId: string, options: ThemeOptions, ready: boolean): Theme {
  // `ready`: a scheme whose table arrives later gets its own theme then.
  const key = `${direction} ${schemeId} ${options.animations} ${options.customScrollbars} ${options.retro} ${ready}`;
  let theme = themes.get(key);
  if (!theme) themes.set(key, (theme = createAppTheme(direction, schemeId, options)));
  return theme;
}

/**
 * `theme` for a part of the page inside `outer`, keeping the viewport a server's render lays the page out
 * for (app/prerender.tsx sets MUI's `ssrMatchMedia` on the outer theme; the browser's has none).
 */
export function withOuterViewport(theme: Theme, outer: Theme): Theme {
  const mediaQuery = outer.components?.MuiUseMediaQuery;
  return mediaQuery ? { ...theme, components: { ...theme.components, MuiUseMediaQuery: mediaQuery } } : theme;
}

/** Text for screen readers only. */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
} as const;
