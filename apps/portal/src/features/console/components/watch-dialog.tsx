import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { bandSelects, VIDEO_BANDS, type FloorMachine } from '@reelcast/protocol';
import { useWatchTexts } from '../lib/watch-texts';
import { MachinePicture } from './machine-picture';

/** The band a player sees by default: watching on it adds no encoder on the machine (docs/video.md "One encode per cabinet"). */
const WATCH_BAND = bandSelects(VIDEO_BANDS)[0]!.id;

/** One machine's live picture, view-only (docs/console.md "Watch"), from the floor row's Watch. */
export function WatchDialog({ machine, onClose }: { machine: FloorMachine & { video: string }; onClose: () => void }) {
  const t = useWatchTexts();
  const id = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} fullWidth maxWidth="md">
      <DialogTitle id={`${id}-title`}>{t('title', { name: machine.name })}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('viewOnly')}</DialogContentText>
        <MachinePicture video={machine.video} name={machine.name} band={WATCH_BAND} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
