import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { paths } from '@/shared/config/paths';
import { useRoleExamplesTexts } from '../lib/role-examples-texts';

/** /auth/guest-role-example (SPEC §2, §6 onlyGuest): for guests only; the route guard sends a signed-in account to /. */
export function GuestRoleExample() {
  const t = useRoleExamplesTexts();
  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="role-example-heading"
      header={
        <Typography id="role-example-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('guestTitle')}
        </Typography>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2, maxWidth: 720 }}>
        <Typography>{t('guestIntro')}</Typography>
        <Typography color="text.secondary">{t('guestHint')}</Typography>
        <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
          {t('signIn')}
        </Button>
      </Box>
    </PageLayout>
  );
}
