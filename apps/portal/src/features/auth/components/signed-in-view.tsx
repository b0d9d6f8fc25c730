import Typography from '@mui/material/Typography';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { AuthHeading } from './auth-heading';
import { AuthLinks } from './auth-links';

/** A sign-in page opened by someone already signed in: who they are, the way on and the way out. */
export function SignedInView({ continueTo }: { continueTo: string }) {
  const t = useAuthPagesTexts();
  const user = useSession((state) => state.user);
  return (
    <>
      <AuthHeading title={t('signedIn.title')} />
      <Typography color="text.secondary">{t('signedIn.text', { name: user?.displayName || user?.username })}</Typography>
      <AuthLinks
        links={[
          { text: t('signedIn.continue'), to: continueTo },
          { text: t('signedIn.logout'), to: paths.logout.getHref() },
        ]}
      />
    </>
  );
}
