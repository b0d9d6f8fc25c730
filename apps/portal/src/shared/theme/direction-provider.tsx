import { useMemo, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import rtlPlugin from 'stylis-plugin-rtl';
import { useTranslation } from 'react-i18next';
import { isRtl } from '@/shared/i18n/languages';
import { createAppTheme } from './theme';

const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};

/** One emotion cache per direction; the RTL one flips every style with stylis-plugin-rtl. */
export function emotionCacheFor(direction: 'ltr' | 'rtl'): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] })
      : createCache({ key: 'mui' });
  return caches[direction];
}

/** The writing direction follows the language: MUI theme direction plus the matching emotion cache. */
export function DirectionProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = isRtl(i18n.language) ? 'rtl' : 'ltr';
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
