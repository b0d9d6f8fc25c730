import AccessTimeFilled from '@mui/icons-material/AccessTimeFilled';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RemoveCircle from '@mui/icons-material/RemoveCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { ChatStatus } from '@reelcast/protocol';

/** Each status its own shape as well as its own colour (SHELL.md: not by colour alone). */
const icons = {
  online: { Icon: CheckCircle, color: 'success.main' },
  'do-not-disturb': { Icon: RemoveCircle, color: 'error.main' },
  away: { Icon: AccessTimeFilled, color: 'warning.main' },
  offline: { Icon: RadioButtonUnchecked, color: 'text.secondary' },
} as const;

/** A presence status's icon. Decorative: what shows it also says it in words (a label or the accessible name). */
export function ContactStatusIcon({ status, overlay = false }: { status: ChatStatus; overlay?: boolean }) {
  const { Icon, color } = icons[status];
  return (
    <Icon
      aria-hidden
      data-status={status}
      sx={{
        color,
        fontSize: 16,
        // On an avatar's corner, on the paper's colour.
        ...(overlay && { position: 'absolute', bottom: -2, insetInlineEnd: -2, bgcolor: 'background.paper', borderRadius: '50%' }),
      }}
    />
  );
}
