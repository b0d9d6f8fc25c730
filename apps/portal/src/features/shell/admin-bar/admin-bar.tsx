import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { UI_VERSION } from '@reelcast/protocol';
import { apiUrl } from '@/shared/api/api-client';
import { paths } from '@/shared/config/paths';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { useSession } from '@/shared/session/session-store';
import { visuallyHidden } from '@/shared/theme/theme';

const useAdminBarTexts = defineLazyTexts('adminBar', {
  en: {
    label: 'Operator bar',
    signedInAs: 'Signed in as {{username}}',
    role: { admin: 'Admin', staff: 'Staff' },
    apiDocs: 'API documentation',
    openApi: 'OpenAPI (JSON)',
    settings: 'Settings.json',
    rules: 'Rules page',
    newTab: '(opens in a new tab)',
  },
  tr: {
    label: 'Operatör çubuğu',
    signedInAs: '{{username}} olarak giriş yapıldı',
    role: { admin: 'Yönetici', staff: 'Personel' },
    apiDocs: 'API belgeleri',
    openApi: 'OpenAPI (JSON)',
    settings: 'Settings.json',
    rules: 'Kurallar sayfası',
    newTab: '(yeni sekmede açılır)',
  },
  ar: {
    label: 'شريط المشغّل',
    signedInAs: 'تم تسجيل الدخول باسم {{username}}',
    role: { admin: 'مدير', staff: 'موظف' },
    apiDocs: 'توثيق واجهة البرمجة',
    openApi: 'OpenAPI (JSON)',
    settings: 'Settings.json',
    rules: 'صفحة القواعد',
    newTab: '(يفتح في علامة تبويب جديدة)',
  },
});

const linkSx = { color: '#90caf9', fontWeight: 600 } as const;

/**
 * The operator's quick links above the toolbar: who is signed in and as what, the API's documentation
 * and its OpenAPI description, the settings file the portal runs with, the rules page players read.
 */
export function AdminBar() {
  const t = useAdminBarTexts();
  const username = useSession((state) => state.user?.username ?? '');
  const admin = useSession((state) => state.role.includes('admin'));
  const external = (href: string, text: string) => (
    <Link href={href} target="_blank" rel="noopener noreferrer" underline="hover" sx={linkSx}>
      {text}
      <Box component="span" sx={visuallyHidden}>
        {' '}
        {t('newTab')}
      </Box>
    </Link>
  );
  return (
    <Box
      component="nav"
      aria-label={t('label')}
      data-testid="admin-bar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: 2.5,
        rowGap: 0.5,
        px: 2,
        py: 0.5,
        minHeight: 32,
        bgcolor: '#1b1f27',
        color: '#e8eaed',
        typography: 'body2',
      }}
    >
      <Typography component="span" variant="body2" sx={{ fontWeight: 700 }}>
        {admin ? t('role.admin') : t('role.staff')}
      </Typography>
      <Typography component="span" variant="body2">
        {t('signedInAs', { username })}
      </Typography>
      <Box component="span" sx={{ flex: 1 }} />
      {external(apiUrl('/docs'), t('apiDocs'))}
      {external(apiUrl('/docs/json'), t('openApi'))}
      {external('/Settings.json', t('settings'))}
      <Link component={RouterLink} to={paths.rules.getHref()} underline="hover" sx={linkSx}>
        {t('rules')}
      </Link>
      <Typography component="span" variant="caption" sx={{ opacity: 0.8 }}>
        {UI_VERSION}
      </Typography>
    </Box>
  );
}
