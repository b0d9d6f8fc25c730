import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { cardedFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { useProfile } from '../api/get-profile';
import { PasswordForm } from '../components/password-form';
import { ProfileDetails } from '../components/profile-details';
import { SettingsForm } from '../components/settings-form';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';

const ResponsibleGamingPanel = lazy(() =>
  import('../components/responsible-gaming-panel').then((module) => ({ default: module.ResponsibleGamingPanel })),
);

/**
 * /profile and /profile/:profileId. A player sees only their own profile: another id is the 404 page
 * (the API has no way to read someone else's anyway).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const { profileId } = useParams();
  const userId = useSession((state) => state.user?.id);
  const own = profileId === undefined || profileId === String(userId);
  const profile = useProfile();

  if (!own) return <Navigate to={paths.error404.getHref()} replace />;

  return (
    <PageLayout
      layout={cardedFullWidth}
      aria-labelledby="profile-heading"
      header={
        <Typography id="profile-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('profile.title')}
        </Typography>
      }
    >
      {profile.isPending && <LoadingScreen />}
      {profile.isError && <LoadFailedAlert onRetry={() => void profile.refetch()}>{t('profile.loadFailed')}</LoadFailedAlert>}
      {profile.data && (
        <>
          <ProfileDetails profile={profile.data} />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
            <PasswordForm />
            <SettingsForm />
            <Suspense fallback={<LoadingScreen />}>
              <ResponsibleGamingPanel />
            </Suspense>
          </Box>
        </>
      )}
    </PageLayout>
  );
}
