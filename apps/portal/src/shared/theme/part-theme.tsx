import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { ThemeProvider, useTheme } from '@mui/material/styles';
import { useShellSettings, type ThemePart } from '@/shared/shell-settings/shell-settings';
import { useThemeOptions } from './direction-provider';
import { useSchemesReady } from './scheme-palettes';
import { appTheme, withOuterViewport } from './theme';

/**
 * The colour scheme the player chose for one part of the shell (SPEC §2 themes for main / navbar /
 * toolbar / footer) around that part. The part paints its own background from the theme
 * (background.paper or .default); its text inherits the scheme's text colour from here.
 */
export function PartTheme({ part, children }: { part: Exclude<ThemePart, 'main'>; children: ReactNode }) {
  const scheme = useShellSettings((settings) => settings.themes[part]);
  const ready = useSchemesReady([scheme]);
  const options = useThemeOptions();
  const outer = useTheme();
  return (
    <ThemeProvider theme={withOuterViewport(appTheme(outer.direction, scheme, options, ready), outer)}>
      <Box data-theme-part={part} sx={{ display: 'contents', color: 'text.primary' }}>
        {children}
      </Box>
    </ThemeProvider>
  );
}
