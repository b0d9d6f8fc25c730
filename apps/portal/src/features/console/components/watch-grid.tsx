import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { bandSelects, VIDEO_BANDS, type FloorMachine } from '@reelcast/protocol';
import { useWatchTexts } from '../lib/watch-texts';
import { MachinePicture } from './machine-picture';

/** The lowest band (SPEC bandSelects, lowest Order): a grid of pictures costs the least there. */
const GRID_BAND = bandSelects(VIDEO_BANDS).at(-1)!.id;
/** At most this many pictures at once: each is a WHEP session, and a band no player watches is one more encoder. */
export const GRID_LIMIT = 12;

/** The shown machines' live pictures side by side, at the lowest band (docs/console.md "Watch"). */
export function WatchGrid({ machines, onClose }: { machines: FloorMachine[]; onClose: () => void }) {
  const t = useWatchTexts();
  const withPicture = machines.filter((machine): machine is FloorMachine & { video: string } => !!machine.video);
  const shown = withPicture.slice(0, GRID_LIMIT);
  return (
    <Box component="section" aria-labelledby="watch-grid-heading" sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="watch-grid-heading" variant="h6" component="h2">
          {t('gridTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('gridNote', { shown: shown.length, total: withPicture.length })}
        </Typography>
        <Button size="small" onClick={onClose} sx={{ marginInlineStart: 'auto' }}>
          {t('closeGrid')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}>
        {shown.map((machine) => (
          <Box key={machine.id} data-testid={`watch-tile-${machine.id}`}>
            <MachinePicture video={machine.video} name={machine.name} band={GRID_BAND} />
            <Typography variant="caption">{machine.name}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
