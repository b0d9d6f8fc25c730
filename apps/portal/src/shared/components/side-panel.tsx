import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';

export interface SidePanelProps {
  /** The panel's element id (the opening button's `aria-controls`). */
  id?: string;
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  width: number;
  /** CSS max-width; the whole screen by default. */
  maxWidth?: string;
  /** Controls beside the title (e.g. the chat's own status). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A panel of the shell's right side (chat, quick panel, the settings drawers): a modal dialog from the end side, named by
 * its title (MUI's Drawer flips `right` under right-to-left). Focus moves in, Esc or a click outside
 * closes it, and focus goes back to the button that opened it.
 */
export function SidePanel({ id, open, onClose, title, closeLabel, width, maxWidth = '100vw', actions, children }: SidePanelProps) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width, maxWidth, backgroundImage: 'none', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flex: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        {actions}
        <IconButton aria-label={closeLabel} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {children}
    </Drawer>
  );
}
