import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
// Not the shell's Menu and Close icons: sharing them would take them out of the first views' chunks.
import VerticalSplitIcon from '@mui/icons-material/VerticalSplit';
import type { SidebarPlacement } from './page-layout-description';
import { usePageLayoutTexts } from './page-layout-texts';

export type SidebarSide = 'left' | 'right';

/** What a page puts in a sidebar: its name (the landmark's and its button's) and its content. */
export type SidebarSlot = { label: string; content: ReactNode };

export const SIDEBAR_WIDTH = 260;

type PageSidebarProps = {
  side: SidebarSide;
  placement: SidebarPlacement;
  family: 'carded' | 'simple';
  slot: SidebarSlot;
  id: string;
  /** Below the md breakpoint: a drawer, open or closed. */
  drawer: { open: boolean; onClose: () => void } | null;
  contentScroll: boolean;
};

/**
 * A page layout's sidebar: an `aside` beside the content, or on a phone a drawer from the same side
 * (MUI's Drawer puts a `left` one on the right in right-to-left by itself).
 */
export function PageSidebar({ side, placement, family, slot, id, drawer, contentScroll }: PageSidebarProps) {
  const t = usePageLayoutTexts();
  const region = `${side}-sidebar`;
  if (drawer) {
    return (
      <Drawer
        anchor={side}
        open={drawer.open}
        onClose={drawer.onClose}
        keepMounted
        slotProps={{
          paper: {
            id,
            role: 'dialog',
            'aria-modal': true,
            'aria-label': slot.label,
            sx: { width: SIDEBAR_WIDTH + 20, maxWidth: '85vw' },
          },
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1 }}>
          <Button onClick={drawer.onClose}>{t('close')}</Button>
        </Box>
        <Box component="aside" aria-label={slot.label} data-page-region={region} data-placement={placement} sx={{ px: 2, pb: 2 }}>
          {slot.content}
        </Box>
      </Drawer>
    );
  }
  const beside = family === 'carded' && placement === 'outer';
  const edge = side === 'left' ? 'borderInlineEnd' : 'borderInlineStart';
  return (
    <Paper
      component="aside"
      id={id}
      aria-label={slot.label}
      data-page-region={region}
      data-placement={placement}
      square={!beside}
      elevation={beside ? 1 : 0}
      sx={{
        flex: `0 0 ${SIDEBAR_WIDTH}px`,
        minWidth: 0,
        p: 2,
        ...(beside ? { alignSelf: contentScroll ? 'stretch' : 'flex-start' } : { [edge]: 1, borderColor: 'divider' }),
        ...(family === 'simple' && placement === 'inner' && { bgcolor: 'transparent' }),
        ...(contentScroll && { overflowY: 'auto' }),
      }}
    >
      {slot.content}
    </Paper>
  );
}

type SidebarToggleProps = { side: SidebarSide; slot: SidebarSlot; id: string; open: boolean; onOpen: () => void };

/** The header's button that opens a sidebar's drawer on a phone; its icon's panel is on the sidebar's side. */
export function SidebarToggle({ side, slot, id, open, onOpen }: SidebarToggleProps) {
  const t = usePageLayoutTexts();
  // The icon draws its panel on the right: mirrored for a sidebar on the left of the screen.
  const onScreenLeft = (side === 'left') === (useTheme().direction === 'ltr');
  return (
    <IconButton
      onClick={onOpen}
      aria-label={t('openSidebar', { name: slot.label })}
      aria-controls={id}
      aria-expanded={open}
      aria-haspopup="dialog"
    >
      <VerticalSplitIcon sx={{ transform: onScreenLeft ? 'scaleX(-1)' : undefined }} />
    </IconButton>
  );
}
