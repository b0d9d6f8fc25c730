import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Machine } from '@reelcast/protocol';
import { MachineCard } from './machine-card';

export function MachineGrid({ machines }: { machines: Machine[] }) {
  const { t } = useTranslation();
  if (machines.length === 0) return <Typography color="text.secondary">{t('lobby.empty')}</Typography>;
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(auto-fill, minmax(220px, 1fr))' },
        gap: { xs: 1.5, sm: 2 },
        m: 0,
        p: 0,
        listStyle: 'none',
      }}
    >
      {machines.map((machine) => (
        <li key={machine.id}>
          <MachineCard machine={machine} />
        </li>
      ))}
    </Box>
  );
}
