import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/shared/components/coming-soon';

/** Placeholder until its own issue lands. */
export function SlotSessionsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('nav.slotSessions')} />;
}
