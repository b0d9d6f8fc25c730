import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/shared/components/coming-soon';

/** Placeholder until its own issue lands. */
export function RulesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('nav.rules')} />;
}
