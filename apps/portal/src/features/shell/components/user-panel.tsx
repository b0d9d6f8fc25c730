import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
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
        <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontWeight: 700 }} src={user.photoURL || undefined} alt="">
          {initials}
        </Avatar>
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
