import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export type AuthLink = { to: string; text: string; lead?: string };

/** The links under an auth page's form (to sign in, to register, to ask for a new link). */
export function AuthLinks({ links }: { links: AuthLink[] }) {
  return (
    <Box component="nav" sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'center', textAlign: 'center' }}>
      {links.map(({ to, text, lead }) => (
        <Typography key={to} variant="body2" color="text.secondary">
          {lead && <>{lead} </>}
          <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }}>
            {text}
          </Link>
        </Typography>
      ))}
    </Box>
  );
}
