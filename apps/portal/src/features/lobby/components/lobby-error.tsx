import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Shown only when the lobby's data did not arrive: the alert's code (MUI's Alert, about 1.8 kB) is
// fetched then, not with every first visit to /lobby (docs/benchmarks.md first load).
const LoadFailedAlert = lazy(() => import('@/shared/components/load-failed-alert').then((m) => ({ default: m.LoadFailedAlert })));

export function LobbyError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<span role="alert">{t('lobby.loadFailed')}</span>}>
      <LoadFailedAlert onRetry={onRetry}>{t('lobby.loadFailed')}</LoadFailedAlert>
    </Suspense>
  );
}
