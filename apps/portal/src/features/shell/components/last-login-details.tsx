import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/shared/lib/format';
import { useSession } from '@/shared/session/session-store';

/** SPEC §1: IP, last login time and last login IP (dates DD.MM.YYYY HH:mm:ss). */
export function LastLoginDetails() {
  const { t } = useTranslation();
  const lastLogin = useSession((state) => state.lastLogin);
  if (!lastLogin) return null;
  const rows = [
    { label: t('shell.ip'), value: lastLogin.ip_address, id: 'ip' },
    { label: t('shell.lastLogin'), value: formatDateTime(lastLogin.last_logon), id: 'last-logon' },
    { label: t('shell.lastLoginIp'), value: lastLogin.last_logon_ip, id: 'last-logon-ip' },
  ].filter((row) => row.value);
  if (rows.length === 0) return null;
  return (
    <Box component="dl" sx={{ px: 2, py: 1, m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25 }}>
      {rows.map((row) => (
        <Box key={row.id} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {row.label}
          </Typography>
          <Typography
            component="dd"
            variant="caption"
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
            data-testid={`last-login-${row.id}`}
          >
            <bdi dir="ltr">{row.value}</bdi>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
