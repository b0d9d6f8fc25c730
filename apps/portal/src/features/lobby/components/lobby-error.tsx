import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';

export function LobbyError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailedAlert onRetry={onRetry}>{t('lobby.loadFailed')}</LoadFailedAlert>;
}
