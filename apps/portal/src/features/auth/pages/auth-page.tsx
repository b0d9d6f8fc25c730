import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { ContactLinks } from '@/shared/components/contact-links';
import { paths, safeRedirect } from '@/shared/config/paths';
import { useSettings } from '@/shared/config/settings';
import { useRouteVariant } from '@/shared/config/route-handle';
import { useSession } from '@/shared/session/session-store';
import { AuthFrame } from '../components/auth-frame';
import { AuthHeading } from '../components/auth-heading';
import { AuthLinks } from '../components/auth-links';
import { ForgotPasswordView } from '../components/forgot-password-view';
import { LockView } from '../components/lock-view';
import { MailConfirmView } from '../components/mail-confirm-view';
import { RegisterView } from '../components/register-view';
import { ResetPasswordView } from '../components/reset-password-view';
import { SignedInView } from '../components/signed-in-view';
import { authPageHref, parseAuthPage, type AuthPageKind, type Presentation } from '../lib/auth-page-href';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import { LoginForm } from './login-page';

/**
 * /pages/auth/login, -2, -3: /login's sign-in (the same form, checks, codes, login block and remember-me;
 * the same token-only texts and contact icons), with links to the other pages. Open to everyone: a
 * visitor who signs in here goes where /login sends them; one signed in before the page opened is
 * told so instead of being shown a second sign-in.
 */
function LoginView({ presentation }: { presentation: Presentation }) {
  const t = useAuthPagesTexts();
  const { t: common } = useTranslation();
  const { tokenOnlyLogin, contactOnLogin } = useSettings();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [signedInOnArrival] = useState(signedIn);
  const target = safeRedirect(useSearchParams()[0].get('redirect'));
  if (signedIn) return signedInOnArrival ? <SignedInView continueTo={target} /> : <Navigate to={target} replace />;
  if (tokenOnlyLogin) {
    return (
      <>
        <AuthHeading title={common('auth.notAllowed')} />
        <Typography role="alert" color="text.secondary">
          {common('auth.tokenNoLongerValid')}
        </Typography>
        {contactOnLogin && <ContactLinks />}
      </>
    );
  }
  return (
    <>
      <AuthHeading title={common('auth.title')} subtitle={common('auth.subtitle')} />
      <LoginForm />
      <AuthLinks
        links={[
          { text: t('links.forgotPassword'), to: authPageHref('forgot-password', presentation) },
          { lead: t('links.noAccount'), text: t('links.register'), to: authPageHref('register', presentation) },
        ]}
      />
      {contactOnLogin && <ContactLinks />}
    </>
  );
}

const views: Record<AuthPageKind, (props: { presentation: Presentation }) => ReactNode> = {
  login: LoginView,
  register: RegisterView,
  'forgot-password': ForgotPasswordView,
  'reset-password': ResetPasswordView,
  'mail-confirm': MailConfirmView,
  lock: LockView,
};

/**
 * SPEC §2's /pages/auth/* pages, without the shell: which one from the route's variant
 * (app/more-routes.ts: `register-2` is registration's second presentation), `lock` from its own route.
 */
export function AuthPage() {
  const page = parseAuthPage(useRouteVariant() ?? 'lock');
  if (!page) return <Navigate to={paths.error404.getHref()} replace />;
  const View = views[page.kind];
  return (
    <AuthFrame presentation={page.presentation}>
      <View presentation={page.presentation} />
    </AuthFrame>
  );
}
