import Alert from '@mui/material/Alert';
import type { LedgerCheck } from '@reelcast/protocol';
import { useReportTexts } from '../lib/report-texts';

/** `reelcast ledger verify` as the report gives it: all well, or how many balances and transfers do not add up. */
export function LedgerCheckAlert({ ledger }: { ledger: LedgerCheck }) {
  const t = useReportTexts();
  return ledger.reconciles ? (
    <Alert severity="success" data-testid="ledger-check">
      {t('ledger.sound', { accounts: ledger.accounts, transfers: ledger.transfers })}
    </Alert>
  ) : (
    <Alert severity="error" data-testid="ledger-check">
      {t('ledger.unsound', {
        differences: ledger.differences.length,
        unbalanced: ledger.unbalancedTransfers.length,
        total: ledger.total,
      })}
    </Alert>
  );
}
