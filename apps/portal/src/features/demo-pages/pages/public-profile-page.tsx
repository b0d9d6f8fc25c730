import Typography from '@mui/material/Typography';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { LoadingScreen } from '@/shared/components/loading-screen';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { usePlayerActivity, usePublicProfile } from '../api/get-player-activity';
import { ActivitySummary } from '../components/activity-summary';
import { ProfileHeader } from '../components/profile-header';
import { usePublicProfileTexts } from '../lib/public-profile-texts';

/**
 * /pages/profile (SPEC §2 demo page): a public-style profile of the signed-in player, built from
 * the platform's answers only: the profile (name, photo, member since, last login) and the history
 * lists (session and transaction counts, the favourite brand, the latest sessions with their machines).
 */
export function PublicProfilePage() {
  const t = usePublicProfileTexts();
  const profile = usePublicProfile();
  const activity = usePlayerActivity();
  return (
    <PageLayout
      layout={simpleFullWidth}
      component="article"
      aria-labelledby="public-profile-heading"
      contentMaxWidth={1040}
      header={
        <>
          <Typography id="public-profile-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('intro')}</Typography>
        </>
      }
    >
      {profile.isPending && <LoadingScreen />}
      {profile.isError && <LoadFailedAlert onRetry={() => void profile.refetch()}>{t('loadFailed')}</LoadFailedAlert>}
      {profile.data && <ProfileHeader profile={profile.data} />}
      {profile.data && activity.isPending && <LoadingScreen />}
      {activity.isError && <LoadFailedAlert onRetry={() => void activity.refetch()}>{t('activityFailed')}</LoadFailedAlert>}
      {profile.data && activity.data && <ActivitySummary activity={activity.data} />}
    </PageLayout>
  );
}
