import { useLocation } from 'react-router';
import { GuestRoleExample } from '../components/guest-role-example';
import { SignedInRoleExample } from '../components/signed-in-role-example';

/** SPEC §2's /auth/admin-role-example, /auth/staff-role-example and /auth/guest-role-example: which one from the path. */
export function RoleExamplePage() {
  const { pathname } = useLocation();
  const page = /\/auth\/(admin|staff)-role-example/.exec(pathname)?.[1] as 'admin' | 'staff' | undefined;
  return page ? <SignedInRoleExample key={page} page={page} /> : <GuestRoleExample />;
}
