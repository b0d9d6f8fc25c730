import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { FloorStatus } from '@reelcast/protocol';

const colors: Record<FloorStatus, ChipProps['color']> = {
  idle: 'success',
  reserved: 'warning',
  playing: 'info',
  bonus: 'secondary',
  waiting: 'warning',
  cashout: 'info',
  error: 'error',
  offline: 'default',
  maintenance: 'default',
};

export function MachineStatusChip({ id, status }: { id: number; status: FloorStatus }) {
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
