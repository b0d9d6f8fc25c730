import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { ErrorScreen } from '../components/error-screen';

export function Error500Page() {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      code={t('errors.serverErrorTitle')}
      title={t('errors.serverError')}
      hint={t('errors.serverErrorHint')}
      action={{ label: t('errors.backToLobby'), to: paths.lobby.getHref() }}
    />
  );
}
