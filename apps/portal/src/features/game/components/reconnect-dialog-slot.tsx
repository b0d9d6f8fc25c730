import { lazy, Suspense } from 'react';
import { useReconnectStore } from '../lib/reconnect-store';

const ReconnectDialog = lazy(() => import('./reconnect-dialog').then((module) => ({ default: module.ReconnectDialog })));

/** Mounted in the shell: the dialog's code is fetched only when a session push opens it. */
export function ReconnectDialogSlot() {
  const show = useReconnectStore((state) => state.show);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ReconnectDialog />
    </Suspense>
  );
}
