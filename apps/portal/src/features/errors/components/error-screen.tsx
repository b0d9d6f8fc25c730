import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export function ErrorScreen({
  code,
  title,
  hint,
  action,
}: {
  code: string;
  title: string;
  hint?: string;
  action: { label: string; to: string };
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography variant="h1" component="p" color="primary" sx={{ fontWeight: 800, fontSize: { xs: '6rem', sm: '9rem' } }}>
        {code}
      </Typography>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {hint && <Typography color="text.secondary">{hint}</Typography>}
      <ActionLink {...action} />
    </Box>
  );
}

function ActionLink({ label, to }: { label: ReactNode; to: string }) {
  return (
    <Button component={RouterLink} to={to} variant="contained" sx={{ mt: 2 }}>
      {label}
    </Button>
  );
}
