/** A colour scheme's own colours; MUI derives the rest (light and dark shades, the text of secondary buttons). */
export type SchemePalette = {
  mode: 'dark' | 'light';
  primary: { main: string; contrastText: string };
  secondary: { main: string; contrastText?: string };
  background: { default: string; paper: string };
};

export type ColorScheme = { id: string; palette: SchemePalette };

/**
 * Reelcast's colour schemes besides the default (default-scheme.ts), which comes first (SPEC §2 "many
 * named colour themes"): dark ones first, a casino is played at night. The table is its own chunk
 * (scheme-palettes.ts loadColorSchemes). Every one passes WCAG 2.1 AA (color-schemes.test.ts): the text on both backgrounds, the
 * primary button's text, and the primary and secondary colours as text on paper (text buttons, links,
 * selected items). Names: color-scheme-names.ts.
 */
export const otherColorSchemes: readonly ColorScheme[] = [
  {
    id: 'emerald-felt',
    palette: {
      mode: 'dark',
      primary: { main: '#4cd68a', contrastText: '#04140b' },
      secondary: { main: '#f2c94c' },
      background: { default: '#07140f', paper: '#0f241b' },
    },
  },
  {
    id: 'ruby-night',
    palette: {
      mode: 'dark',
      primary: { main: '#ff7a8e', contrastText: '#1f0509' },
      secondary: { main: '#ffd166' },
      background: { default: '#14080c', paper: '#221018' },
    },
  },
  {
    id: 'royal-purple',
    palette: {
      mode: 'dark',
      primary: { main: '#c39bff', contrastText: '#150a26' },
      secondary: { main: '#4dd0e1' },
      background: { default: '#120b1f', paper: '#1d1430' },
    },
  },
  {
    id: 'neon-vegas',
    palette: {
      mode: 'dark',
      primary: { main: '#ff5cdb', contrastText: '#1a0016' },
      secondary: { main: '#3ef0ff' },
      background: { default: '#0a0a14', paper: '#161626' },
    },
  },
  {
    id: 'ocean-deep',
    palette: {
      mode: 'dark',
      primary: { main: '#4fc3f7', contrastText: '#02131d' },
      secondary: { main: '#ffb74d' },
      background: { default: '#061420', paper: '#0d2233' },
    },
  },
  {
    id: 'graphite',
    palette: {
      mode: 'dark',
      primary: { main: '#90caf9', contrastText: '#0b1a26' },
      secondary: { main: '#ffcc80' },
      background: { default: '#121212', paper: '#1e1e1e' },
    },
  },
  {
    id: 'copper-lounge',
    palette: {
      mode: 'dark',
      primary: { main: '#f0a868', contrastText: '#1c0f05' },
      secondary: { main: '#8fd3c1' },
      background: { default: '#17110d', paper: '#241b15' },
    },
  },
  {
    id: 'daylight',
    palette: {
      mode: 'light',
      // The gold is darkened so that it keeps its contrast on white.
      primary: { main: '#9a6400', contrastText: '#ffffff' },
      secondary: { main: '#00838f' },
      background: { default: '#f4f6fb', paper: '#ffffff' },
    },
  },
  {
    id: 'pearl-mint',
    palette: {
      mode: 'light',
      primary: { main: '#00695c', contrastText: '#ffffff' },
      secondary: { main: '#ad1457' },
      background: { default: '#f2f8f5', paper: '#ffffff' },
    },
  },
  {
    id: 'rose-quartz',
    palette: {
      mode: 'light',
      primary: { main: '#b0003a', contrastText: '#ffffff' },
      secondary: { main: '#5e35b1' },
      background: { default: '#fbf3f5', paper: '#ffffff' },
    },
  },
  {
    id: 'sky-blue',
    palette: {
      mode: 'light',
      primary: { main: '#1565c0', contrastText: '#ffffff' },
      secondary: { main: '#7b1fa2' },
      background: { default: '#f1f6fc', paper: '#ffffff' },
    },
  },
];
