import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** One titled part of the quick panel: a region named by its heading. */
export function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography
        id={headingId}
        component="h3"
        variant="overline"
        sx={{ color: 'text.secondary', fontWeight: 700, lineHeight: 1.5, letterSpacing: '0.08em' }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
