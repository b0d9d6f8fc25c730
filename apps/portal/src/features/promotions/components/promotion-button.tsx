import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** One toolbar promotion button; `pending` shows that its claim is on its way (clicks meanwhile are ignored). */
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
  return (
    <Button
      size="small"
      variant="outlined"
      color={color}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={16} color="inherit" /> : icon}
      onClick={onClick}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
}
