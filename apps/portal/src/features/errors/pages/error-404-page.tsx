import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { ErrorScreen } from '../components/error-screen';

export function Error404Page() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code={t('errors.notFoundTitle')}
      title={t('errors.notFound')}
      action={{ label: t('errors.backToLobby'), to: paths.lobby.getHref() }}
    />
  );
}
