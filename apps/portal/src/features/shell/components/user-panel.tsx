import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useSession } from '@/shared/session/session-store';

/** SPEC §2: name, last name, username and the balance slot. */
export function UserPanel({ balance }: { balance?: ReactNode }) {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  if (!user) return null;
  const initials = `${user.name.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase() || user.username.charAt(0).toUpperCase();
  return (
    <Box
      data-testid="user-panel"
      sx={{
        px: 2,
        py: 2,
        mx: 1,
        borderRadius: 2,
        bgcolor: (theme) => alpha(theme.palette.text.primary, 0.04),
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
        {/* A circle of its own: MUI's Avatar would add its chunk to every shell page's first load. */}
        <Box
          aria-hidden
          sx={{
            flex: '0 0 auto',
            width: 40,
            height: 40,
            borderRadius: '50%',
            overflow: 'hidden',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
          }}
        >
          {user.photoURL ? <Box component="img" src={user.photoURL} alt="" sx={{ width: 1, height: 1, objectFit: 'cover' }} /> : initials}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }} noWrap>
            <span aria-label={t('shell.name')} data-testid="user-name">
              {user.name}
            </span>{' '}
            <span aria-label={t('shell.lastname')} data-testid="user-lastname">
              {user.lastname}
            </span>
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap aria-label={t('shell.username')} data-testid="user-username">
            {user.username}
          </Typography>
        </Box>
      </Box>
      {balance}
    </Box>
  );
}
