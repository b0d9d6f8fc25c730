import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { useSettings } from '@/shared/config/settings';
import { formatMoney } from '@/shared/lib/format';
import { useBalance } from '../api/get-balance';

/** The balance in the player's language and the configured currency (cents / 100). */
export function BalanceAmount() {
  const { i18n } = useTranslation();
  const { currency } = useSettings();
  const { data } = useBalance();
  if (!data) return <Skeleton variant="text" width={80} sx={{ display: 'inline-block' }} />;
  return <span data-testid="balance-amount">{formatMoney(data.balance, i18n.language, currency)}</span>;
}
