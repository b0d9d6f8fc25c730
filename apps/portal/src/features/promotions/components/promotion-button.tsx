import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * One toolbar promotion button; `pending` shows that its claim is on its way (clicks meanwhile are
 * ignored). On a phone it is an icon with the label as its name and hint, so the three buttons, the
 * balance and the menu stay on one toolbar row.
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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const shown = pending ? <CircularProgress size={16} color="inherit" /> : icon;
  if (phone)
    return (
      // A native hint: MUI's Tooltip would bring Popper into the shell (see toolbar-balance.tsx).
      <IconButton aria-label={label} title={label} aria-busy={pending} color={color} onClick={onClick}>
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
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
