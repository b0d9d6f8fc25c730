import { lazy, Suspense } from 'react';
import { loadPageTexts } from '@/shared/i18n/i18n';
import { useReconnectStore } from '../lib/reconnect-store';

// Its texts are among the page texts, which the lobby has not loaded.
const ReconnectDialog = lazy(async () => {
  const [module] = await Promise.all([import('./reconnect-dialog'), loadPageTexts()]);
  return { default: module.ReconnectDialog };
});

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
