import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';
import { formatMoney } from './format';

/** Formats amounts in minor units (cents) in the player's language and the configured currency (Settings.json). */
export function useMoney(): (minor: number) => string {
  const { i18n } = useTranslation();
  const { currency } = useSettings();
  return (minor) => formatMoney(minor, i18n.language, currency);
}
