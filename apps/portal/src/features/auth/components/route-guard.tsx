import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { SplashScreen } from '@/shared/components/splash-screen';
import { paths, safeRedirect } from '@/shared/config/paths';
import { useRouteHandle } from '@/shared/config/route-handle';
import { hasPermission } from '@/shared/lib/authorization';
import { useSession } from '@/shared/session/session-store';

/**
 * SPEC §2/§6 authorization from the matched route's `auth` roles:
 * a guest on a protected route goes to /login carrying the wanted path; a signed-in user on a
 * guest-only route goes to the carried path (or /); a user lacking a role goes to /.
 */
export function RouteGuard() {
  const status = useSession((state) => state.status);
  const role = useSession((state) => state.role);
  const { auth } = useRouteHandle();
  const location = useLocation();
  const [searchParams] = useSearchParams();

  if (status === 'checking') return <SplashScreen />;
  if (hasPermission(auth, role)) return <Outlet />;

  if (role.length === 0) {
    const wanted = safeRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={paths.login.getHref(wanted === paths.home.path ? null : wanted)} replace />;
  }
  if (auth && auth.length === 0) {
    return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  }
  return <Navigate to={paths.home.getHref()} replace />;
}
