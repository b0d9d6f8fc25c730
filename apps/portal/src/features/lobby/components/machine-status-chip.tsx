import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { MachineStatus } from '@reelcast/protocol';

const colors: Record<MachineStatus, ChipProps['color']> = {
  idle: 'success',
  reserved: 'warning',
  playing: 'info',
  bonus: 'secondary',
  waiting: 'warning',
  cashout: 'info',
  error: 'error',
  offline: 'default',
};

export function MachineStatusChip({ id, status }: { id: number; status: MachineStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colors[status]}
      label={t(`lobby.status.${status}`)}
      data-testid={`machine-status-${id}`}
      data-status={status}
    />
  );
}
