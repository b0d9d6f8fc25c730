import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import { ToolbarPopover } from './toolbar-popover';

/**
 * The More button's popover: the tools in a row (each keeps its own hint, dialog or menu, opened over
 * it), `phoneOnly` below them on a phone. It closes on Esc, a click outside, or when a link in it
 * leads to another page.
 */
export function ToolbarMorePopover({
  id,
  label,
  anchor,
  onClose,
  phoneOnly,
  children,
}: {
  id: string;
  label: string;
  anchor: HTMLElement;
  onClose: () => void;
  phoneOnly?: ReactNode;
  children?: ReactNode;
}) {
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedAt.current) onClose();
  }, [pathname, onClose]);
  return (
    <ToolbarPopover id={id} label={label} anchor={anchor} onClose={onClose} side="end">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, p: 1, maxWidth: 300 }}>{children}</Box>
      {phoneOnly && <Box sx={{ display: { xs: 'flex', sm: 'none' }, gap: 1, px: 1, pb: 1 }}>{phoneOnly}</Box>}
    </ToolbarPopover>
  );
}
