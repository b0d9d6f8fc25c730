import { useId } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { closeQuickPanel, quickPanelId, useQuickPanelStore } from '../lib/quick-panel-store';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';
import { PanelContent } from './panel-content';

/** SHELL.md quick panel width. */
const PANEL_WIDTH = 280;

/**
 * SPEC §2 quick panel: Today, Events, Notes and Quick Settings. A modal dialog from the end side
 * (MUI's Drawer flips `right` under right-to-left): focus moves in, Esc or a click outside closes it
 * and focus goes back to the button that opened it. Its content mounts while it is open, so each
 * opening shows today's date and asks for the data again when it is stale.
 */
export function QuickPanel() {
  const t = useQuickPanelTexts();
  const titleId = useId();
  const open = useQuickPanelStore((state) => state.open);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={closeQuickPanel}
      slotProps={{
        paper: {
          id: quickPanelId,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: PANEL_WIDTH, maxWidth: '100vw', backgroundImage: 'none', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flex: 1, fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <IconButton aria-label={t('close')} onClick={closeQuickPanel} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <PanelContent />
    </Drawer>
  );
}
