import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';

/**
 * SPEC §8: the connection texts (connection lost, return to lobby, continue, no) are configurable in
 * Turkish: in Turkish they come from Settings.json `texts`, in the other languages from the
 * translations. Used by the connection overlay, the idle prompt and the reconnect dialog.
 */
export function useConnectionTexts(): { connectionLost: string; returnToLobby: string; continue: string; no: string } {
  const { t, i18n } = useTranslation();
  const { texts } = useSettings();
  if (i18n.language === 'tr') return texts;
  return {
    connectionLost: t('game.connectionLost'),
    returnToLobby: t('game.returnToLobby'),
    continue: t('reconnect.continue'),
    no: t('reconnect.close'),
  };
}
