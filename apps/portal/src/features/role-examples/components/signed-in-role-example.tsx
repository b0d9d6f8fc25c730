import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { authRoleLists, ErrorCode, type RoleExampleName } from '@reelcast/protocol';
import { ApiError } from '@/shared/api/api-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { useRoleExample } from '../api/get-role-example';
import { useRoleExamplesTexts } from '../lib/role-examples-texts';

type Texts = ReturnType<typeof useRoleExamplesTexts>;

const roleNames = (roles: readonly string[], t: Texts) =>
  roles.map((role) => (role === 'admin' || role === 'staff' || role === 'user' ? t(`roles.${role}`) : role)).join(', ');

/** A term and its value in the page's description lists. */
function Detail({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What the server says of the account's role on this page (GET /api/auth/role-example/:role). */
function ServerCheck({ page }: { page: RoleExampleName }) {
  const t = useRoleExamplesTexts();
  const check = useRoleExample(page);
  if (check.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('checking')}</Typography>
      </Box>
    );
  }
  if (check.isError) {
    const refused = check.error instanceof ApiError && check.error.answer?.code === ErrorCode.RoleRequired;
    return refused ? (
      <Alert severity="error" role="alert">
        {t('refused', { roles: roleNames(authRoleLists[page], t) })}
      </Alert>
    ) : (
      <LoadFailedAlert onRetry={() => void check.refetch()}>{t('failed')}</LoadFailedAlert>
    );
  }
  const { user, allowed } = check.data;
  return (
    <>
      <Alert severity="success" role="status">
        {t('confirmed', { role: roleNames(user.role, t) })}
      </Alert>
      <Box component="dl" sx={{ m: 0 }}>
        <Detail term={t('username')}>{user.username}</Detail>
        <Detail term={t('displayName')}>{user.displayName}</Detail>
        <Detail term={t('role')}>{roleNames(user.role, t)}</Detail>
        <Detail term={t('allowed')}>{roleNames(allowed, t)}</Detail>
      </Box>
    </>
  );
}

/**
 * /auth/admin-role-example and /auth/staff-role-example (SPEC §2, §6): who you are and your role, the
 * server's own check of it, and a Logout button.
 */
export function SignedInRoleExample({ page }: { page: RoleExampleName }) {
  const t = useRoleExamplesTexts();
  const user = useSession((state) => state.user);
  const role = useSession((state) => state.role);
  const name = user?.displayName || user?.username || '';
  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="role-example-heading"
      header={
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, width: '100%' }}>
          <Typography id="role-example-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {page === 'admin' ? t('adminTitle') : t('staffTitle')}
          </Typography>
          <Button component={RouterLink} to={paths.logout.getHref()} variant="contained" color="secondary">
            {t('logout')}
          </Button>
        </Box>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 720 }}>
        <Typography>{page === 'admin' ? t('adminIntro') : t('staffIntro')}</Typography>
        <Card component="section" aria-labelledby="role-example-you">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar src={user?.photoURL || undefined} alt="" sx={{ bgcolor: 'primary.main' }}>
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
              <Typography id="role-example-you" variant="h6" component="h2">
                {t('you')}: {name}
              </Typography>
            </Box>
            <Box component="dl" sx={{ m: 0 }}>
              <Detail term={t('username')}>{user?.username ?? ''}</Detail>
              <Detail term={t('role')}>{roleNames(role, t)}</Detail>
            </Box>
          </CardContent>
        </Card>
        <Card component="section" aria-labelledby="role-example-server">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Typography id="role-example-server" variant="h6" component="h2">
              {t('serverCheck')}
            </Typography>
            <ServerCheck page={page} />
          </CardContent>
        </Card>
      </Box>
    </PageLayout>
  );
}
