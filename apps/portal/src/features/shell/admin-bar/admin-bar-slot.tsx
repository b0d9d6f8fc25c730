import { lazy, Suspense } from 'react';
import { useSettings } from '@/shared/config/settings';
import { authRoles, hasPermission } from '@/shared/lib/authorization';
import { useSession } from '@/shared/session/session-store';

// Its own chunk: only the operator's team with the admin-bar setting on ever downloads it.
const AdminBar = lazy(() => import('./admin-bar').then((module) => ({ default: module.AdminBar })));

/**
 * SPEC §2 "an admin bar shows when the admin-bar setting is on" (Settings.json `adminBar`), to signed-in
 * staff and admins (SPEC §6 staff list) only. It links to what exists; nothing on it is an action the
 * server would have to allow.
 */
export function AdminBarSlot() {
  const { adminBar } = useSettings();
  const shown = useSession((state) => adminBar && state.status === 'authenticated' && hasPermission(authRoles.staff, state.role));
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <AdminBar />
    </Suspense>
  );
}
