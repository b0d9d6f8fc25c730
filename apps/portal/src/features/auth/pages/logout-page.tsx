import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { paths } from '@/shared/config/paths';
import { reloadTo } from '@/shared/lib/browser';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';
import { beginLogout } from '@/shared/session/session-store';
import { getAccessToken, setAccessToken } from '@/shared/session/token-storage';
import { logout } from '../api/logout';

let loggingOut: Promise<void> | null = null;

/**
 * SPEC §4 logout: end the session's live parts (the notification socket closes), post to the server,
 * clear the stored session, reload the page. The reload resets every store and cache; the role stays
 * until then so the guard does not bounce.
 */
export function performLogout(): Promise<void> {
  loggingOut ??= (async () => {
    beginLogout();
    if (getAccessToken()) await logout().catch(() => undefined);
    setAccessToken(null);
    if (readStorage(storageKeys.lastLogin) !== null) writeStorage(storageKeys.lastLogin, null);
    reloadTo(paths.login.getHref());
  })().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

export function LogoutPage() {
  const { t } = useTranslation();
  useEffect(() => {
    void performLogout();
  }, []);
  return (
    <Box
      role="status"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden />
      <Typography variant="h6">{t('common.loggingOut')}</Typography>
    </Box>
  );
}
