import Box from '@mui/material/Box';
import { useMoney } from '@/shared/lib/use-money';
import { useBalance } from '../api/get-balance';

/**
 * The balance in the player's language and the configured currency (cents / 100); until it is known, a
 * text-sized grey placeholder (a Box rather than MUI's Skeleton, whose code weighed about 1 kB of the
 * /lobby first load for this one use).
 */
export function BalanceAmount() {
  const money = useMoney();
  const { data } = useBalance();
  if (!data)
    return (
      <Box
        component="span"
        aria-hidden
        sx={{ display: 'inline-block', width: 80, height: '0.8em', borderRadius: 1, bgcolor: 'action.hover', verticalAlign: 'middle' }}
      />
    );
  return <span data-testid="balance-amount">{money(data.balance)}</span>;
}
