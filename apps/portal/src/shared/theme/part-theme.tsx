import type { ReactNode } from 'react';
import type { ThemePart } from '@/shared/shell-settings/shell-settings';

/**
 * The colour scheme the player chose for one part of the shell (SPEC §2 themes for main / navbar /
 * toolbar / footer) around that part. The main theme is the app's own (DirectionProvider).
 */
export function PartTheme({ part: _part, children }: { part: Exclude<ThemePart, 'main'>; children: ReactNode }) {
  // Filled in by the colour schemes work: a ThemeProvider with the part's scheme.
  return children;
}
