import Box from '@mui/material/Box';
import type { SchemePalette } from './scheme-palettes';

/** MUI's text colour of a scheme's mode. */
export const schemeTextColour = (palette: SchemePalette): string => (palette.mode === 'dark' ? '#ffffff' : 'rgba(0, 0, 0, 0.87)');

/** A scheme's name shown in its own colours: its text on its paper, with its primary and secondary colours. */
export function SchemeSwatch({ palette, name }: { palette: SchemePalette; name: string }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        width: '100%',
        px: 1.25,
        py: 0.75,
        borderRadius: 1,
        bgcolor: palette.background.paper,
        color: schemeTextColour(palette),
        border: 1,
        borderColor: palette.background.default,
      }}
    >
      <Box component="span" aria-hidden sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: palette.primary.main, flex: 'none' }} />
      <Box
        component="span"
        aria-hidden
        sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: palette.secondary.main, flex: 'none' }}
      />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {name}
      </Box>
    </Box>
  );
}
