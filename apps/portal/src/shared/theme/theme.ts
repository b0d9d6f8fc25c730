import { createTheme, type PaletteOptions, type Theme } from '@mui/material/styles';
import type { UserSettings } from '@reelcast/protocol';

/** SPEC §9 layout constants. */
export const NAVBAR_WIDTH = 280;
export const NAVBAR_FOLDED_WIDTH = 64;

/** The colour modes a player can save (packages/protocol userSettings.theme). */
export type ThemeMode = NonNullable<UserSettings['theme']>;

/** For guests and for players who saved no theme. */
export const DEFAULT_THEME_MODE: ThemeMode = 'dark';

const palettes: Record<ThemeMode, PaletteOptions> = {
  dark: {
    mode: 'dark',
    primary: { main: '#f5b82e', contrastText: '#1a1204' },
    secondary: { main: '#26c6da' },
    background: { default: '#0b1220', paper: '#141d30' },
    success: { main: '#43a047' },
    warning: { main: '#fbc02d' },
    info: { main: '#29b6f6' },
  },
  // The gold is darkened so that it keeps its contrast on white.
  light: {
    mode: 'light',
    primary: { main: '#9a6400', contrastText: '#ffffff' },
    secondary: { main: '#00838f' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
    success: { main: '#2e7d32' },
    warning: { main: '#ed6c02' },
    info: { main: '#0277bd' },
  },
};

export function createAppTheme(direction: 'ltr' | 'rtl', mode: ThemeMode = DEFAULT_THEME_MODE): Theme {
  return createTheme({
    direction,
    palette: palettes[mode],
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Arabic", sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          '.lobby-background': {
            background:
              'radial-gradient(circle at 20% 0%, rgba(245, 184, 46, 0.08) 0%, transparent 45%), radial-gradient(circle at 100% 30%, rgba(38, 198, 218, 0.06) 0%, transparent 40%)',
          },
        },
      },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'default' } },
      MuiCard: { styleOverrides: { root: { backgroundImage: 'none' } } },
    },
  });
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
