import type { ReactNode } from 'react';
import Popover, { type PopoverProps } from '@mui/material/Popover';
import { useTheme } from '@mui/material/styles';

type ToolbarPopoverProps = {
  id: string;
  /** The dialog's name (its opener's). */
  label: string;
  anchor: HTMLElement;
  onClose: () => void;
  /** The reading direction's side of the anchor the popover lines up with. */
  side: 'start' | 'end';
  /** More of the paper's props (its size, a key handler). */
  paper?: NonNullable<PopoverProps['slotProps']>['paper'];
  children: ReactNode;
};

/** A dialog popover under a toolbar button (the shortcut menu, the More menu): Esc or a click outside closes it. */
export function ToolbarPopover({ id, label, anchor, onClose, side, paper, children }: ToolbarPopoverProps) {
  const rtl = useTheme().direction === 'rtl';
  const horizontal = (side === 'start') === rtl ? 'right' : 'left';
  return (
    <Popover
      id={id}
      open
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal }}
      transformOrigin={{ vertical: 'top', horizontal }}
      slotProps={{ paper: { ...paper, role: 'dialog', 'aria-label': label } }}
    >
      {children}
    </Popover>
  );
}
