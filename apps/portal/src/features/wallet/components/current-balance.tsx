import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BalanceAmount } from './balance-amount';

/** The side menu's balance, labelled 'current balance'. */
export function CurrentBalance() {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p" id="current-balance-label">
        {t('wallet.currentBalance')}
      </Typography>
      <Typography variant="h6" component="p" color="primary" aria-labelledby="current-balance-label">
        <BalanceAmount />
      </Typography>
    </Box>
  );
}
