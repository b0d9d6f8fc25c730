import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { TransactionItem } from '@reelcast/protocol';
import { formatDateTime } from '@/shared/lib/format';
import { useMoney } from '@/shared/lib/use-money';
import { visuallyHidden } from '@/shared/theme/theme';
import { gainColor } from '@/shared/theme/balance-colors';
import { describeMemo } from '../lib/describe-memo';
import { kindColors } from '../lib/kind-colors';

/** The action name with a dot in its SPEC §9 colour; the kind is also in words, not only in colour. */
function ActionLabel({ item }: { item: TransactionItem }) {
  const { t, i18n } = useTranslation();
  const key: string = `transactions.actions.${item.action}`;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }} data-kind={item.kind}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: kindColors[item.kind], flexShrink: 0 }}
      />
      <span>{i18n.exists(key) ? t(key as 'transactions.actions.1') : item.actionName}</span>
      <Typography component="span" variant="caption" sx={{ color: kindColors[item.kind] }}>
        {t(`transactions.kinds.${item.kind}`)}
      </Typography>
    </Box>
  );
}

/**
 * The movements as a table on wide screens, as cards on phones. The kind has its SPEC §9 colour on its
 * marker; the amount is a gain or a loss for the player, signed and coloured so (docs/portal-shell.md).
 */
export function TransactionsTable({ transactions }: { transactions: TransactionItem[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const money = useMoney();
  const signed = (minor: number) => money(minor, { signed: true });
  const memo = (item: TransactionItem) => describeMemo(item.memo, t, money);

  if (phone) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('transactions.caption')}>
        {transactions.map((item) => (
          <Card
            component="li"
            key={item.id}
            data-testid="transaction-row"
            sx={{ borderInlineStart: 4, borderColor: kindColors[item.kind] }}
          >
            <CardContent sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <div>
                <ActionLabel item={item} />
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(item.createdAt)}
                </Typography>
                {item.memo && <Typography variant="body2">{memo(item)}</Typography>}
              </div>
              <Box sx={{ textAlign: 'end' }}>
                <Typography sx={{ fontWeight: 700, color: gainColor(item.amount), whiteSpace: 'nowrap' }} data-testid="transaction-amount">
                  {signed(item.amount)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {t('transactions.balanceAfter')}: {money(item.balanceAfter)}
                </Typography>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Card} sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <caption style={visuallyHidden}>{t('transactions.caption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('transactions.date')}</TableCell>
            <TableCell scope="col">{t('transactions.action')}</TableCell>
            <TableCell scope="col">{t('transactions.memo')}</TableCell>
            <TableCell scope="col" align="right">
              {t('transactions.amount')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('transactions.balanceAfter')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {transactions.map((item) => (
            <TableRow key={item.id} hover data-testid="transaction-row">
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 400 }}>
                {formatDateTime(item.createdAt)}
              </TableCell>
              <TableCell>
                <ActionLabel item={item} />
              </TableCell>
              <TableCell>{memo(item)}</TableCell>
              <TableCell
                align="right"
                sx={{ whiteSpace: 'nowrap', fontWeight: 700, color: gainColor(item.amount) }}
                data-testid="transaction-amount"
              >
                {signed(item.amount)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(item.balanceAfter)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
