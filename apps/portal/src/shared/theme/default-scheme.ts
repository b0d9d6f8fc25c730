/** A colour scheme's own colours; MUI derives the rest (light and dark shades, the text of secondary buttons). */
export type SchemePalette = {
  mode: 'dark' | 'light';
  primary: { main: string; contrastText: string };
  secondary: { main: string; contrastText?: string };
  background: { default: string; paper: string };
};

export type ColorScheme = { id: string; palette: SchemePalette };

/**
 * The default scheme travels with the first chunk; the others are their own chunk (color-schemes.ts),
 * loaded when a player's settings name one or the settings drawers open (scheme-palettes.ts).
 */
export const midnightGold: SchemePalette = {
  mode: 'dark',
  primary: { main: '#f5b82e', contrastText: '#1a1204' },
  secondary: { main: '#26c6da' },
  background: { default: '#0b1220', paper: '#141d30' },
};
