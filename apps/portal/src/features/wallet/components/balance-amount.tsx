import Skeleton from '@mui/material/Skeleton';
import { useMoney } from '@/shared/lib/use-money';
import { useBalance } from '../api/get-balance';

/** The balance in the player's language and the configured currency (cents / 100). */
export function BalanceAmount() {
  const money = useMoney();
  const { data } = useBalance();
  if (!data) return <Skeleton variant="text" width={80} sx={{ display: 'inline-block' }} />;
  return <span data-testid="balance-amount">{money(data.balance)}</span>;
}
