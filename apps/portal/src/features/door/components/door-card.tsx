import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Logo } from '@/shared/components/logo';

type DoorCardProps = {
  /** The screen's heading; a screen whose whole message is a status or an alert may have none. */
  title?: string;
  children?: ReactNode;
  /** 'status' for a screen that is waiting (read out when it appears). */
  role?: 'status';
};

/** The frame of the screens shown before the app (SPEC §4 app start): the brand on a card in the middle of the page. */
export function DoorCard({ title, children, role }: DoorCardProps) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper
        role={role}
        elevation={3}
        sx={{
          width: '100%',
          maxWidth: 480,
          p: { xs: 3, sm: 4 },
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          gap: 2,
        }}
      >
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Logo size={48} />
        </Box>
        {title && (
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, textAlign: 'center' }}>
            {title}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
