import { useMemo, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@/shared/i18n/languages';
import { emotionCacheFor } from './emotion-caches';
import { createAppTheme, DEFAULT_THEME_MODE, type ThemeMode } from './theme';

/**
 * The MUI theme: its writing direction follows the language (with the matching emotion cache), its
 * colour mode is the one given (the player's saved theme).
 */
export function DirectionProvider({ mode = DEFAULT_THEME_MODE, children }: { mode?: ThemeMode; children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = isRtl(i18n.language) ? 'rtl' : 'ltr';
  const theme = useMemo(() => createAppTheme(direction, mode), [direction, mode]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

const darkThemeOf = (outer: Theme): Theme => createAppTheme(outer.direction, 'dark');

/** Keeps a screen dark whatever the player's theme (the game screen frames a video). */
export function DarkTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={darkThemeOf}>{children}</ThemeProvider>;
}
