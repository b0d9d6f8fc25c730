import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';
import { formatMoney } from './format';

/**
 * Formats amounts in minor units (cents) in the player's language and the configured currency
 * (Settings.json); `signed` adds the plus sign of a gain.
 */
export function useMoney(): (minor: number, options?: { signed?: boolean }) => string {
  const { i18n } = useTranslation();
  const { currency } = useSettings();
  return (minor, options) => formatMoney(minor, i18n.language, currency, options);
}
