import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useToolbarFold } from '@/shared/components/toolbar-fold';

/** A money button's target: 48 × 48 px at least (docs/portal-shell.md "The toolbar"). */
const TARGET = 48;

/**
 * One toolbar promotion button; `pending` shows that its claim is on its way (clicks meanwhile are
 * ignored). Where the toolbar is short of room it is an icon with the label as its name and hint.
 */
export function PromotionButton({
  label,
  icon,
  color,
  pending,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  color: 'warning' | 'info' | 'secondary';
  pending: boolean;
  onClick: () => void;
}) {
  const fold = useToolbarFold();
  const shown = pending ? <CircularProgress size={16} color="inherit" /> : icon;
  if (fold === 'icons' || fold === 'rows')
    return (
      // A native hint: MUI's Tooltip would bring Popper into the shell (see toolbar-balance.tsx).
      <IconButton
        aria-label={label}
        title={label}
        aria-busy={pending}
        color={color}
        onClick={onClick}
        sx={{ width: TARGET, height: TARGET }}
      >
        {shown}
      </IconButton>
    );
  return (
    <Button
      size="small"
      variant="outlined"
      color={color}
      aria-busy={pending}
      startIcon={shown}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap', minHeight: TARGET, minWidth: TARGET }}
    >
      {label}
    </Button>
  );
}
