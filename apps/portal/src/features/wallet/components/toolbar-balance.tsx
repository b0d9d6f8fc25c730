import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import WalletIcon from '@mui/icons-material/AccountBalanceWallet';
import WalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { useTranslation } from 'react-i18next';
import { useToolbarFold } from '@/shared/components/toolbar-fold';
import { visuallyHidden } from '@/shared/theme/theme';
import { useWalletUi } from '../lib/wallet-store';
import { BalanceAmount } from './balance-amount';

/** Toolbar balance with the wallet toggle that shows or hides it. */
export function ToolbarBalance() {
  const { t } = useTranslation();
  const showBalance = useWalletUi((state) => state.showBalance);
  const toggleBalance = useWalletUi((state) => state.toggleBalance);
  // In the toolbar's money row on a phone, a size smaller: with the three promotion buttons it fits 320 px.
  // The room of a four-digit amount is kept while it loads, so the toolbar does not move when it comes.
  const small = useToolbarFold() === 'rows';
  const label = showBalance ? t('wallet.hideBalance') : t('wallet.showBalance');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Typography
        component="span"
        aria-live="polite"
        sx={{ fontWeight: 700, whiteSpace: 'nowrap', fontSize: small ? '0.875rem' : undefined, minWidth: '6.5em', textAlign: 'end' }}
      >
        <Box component="span" sx={visuallyHidden}>
          {t('wallet.balance')}:{' '}
        </Box>
        {showBalance ? <BalanceAmount /> : t('wallet.hidden')}
      </Typography>
      {/* A native hint: MUI's Tooltip would bring Popper and popper.js (11 kB gzip) into every shell page. */}
      <IconButton
        aria-label={label}
        title={label}
        aria-pressed={showBalance}
        onClick={toggleBalance}
        color="primary"
        sx={{ width: 48, height: 48 }}
      >
        {showBalance ? <WalletIcon /> : <WalletOutlinedIcon />}
      </IconButton>
    </Box>
  );
}
