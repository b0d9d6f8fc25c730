import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MoneyRequestItem, MoneyRequestListQuery } from '@reelcast/protocol';
import { translateError } from '@/shared/api/translate-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { formatDateTime } from '@/shared/lib/format';
import { useMoney } from '@/shared/lib/use-money';
import { showMessage } from '@/shared/toasts/toast-store';
import { useDecideMoneyRequest } from '../api/decide-money-request';
import { useMoneyRequests } from '../api/get-money-requests';
import { PlainTable } from '../components/plain-table';
import { ReasonDialog } from '../components/reason-dialog';
import { usePlayersTexts } from '../lib/players-texts';

const statuses = ['pending', 'posted', 'rejected', 'all'] as const satisfies MoneyRequestListQuery['status'][];

/**
 * /console/money (admin; docs/console.md "Money"): the deposits and withdrawals above the configured
 * amount wait here for a second admin, who approves (it posts, once) or rejects them with a reason.
 */
export function MoneyPage() {
  const t = usePlayersTexts();
  const money = useMoney();
  const [status, setStatus] = useState<MoneyRequestListQuery['status']>('pending');
  const list = useMoneyRequests(status);
  const decide = useDecideMoneyRequest();
  const [rejecting, setRejecting] = useState<MoneyRequestItem | null>(null);

  const approve = (request: MoneyRequestItem) =>
    decide.mutate({ id: request.id, approve: true }, { onSuccess: () => showMessage(t('money.approved', { id: request.id }), 'success') });

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="money-heading"
      header={
        <Typography id="money-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('money.title')}
        </Typography>
      }
    >
      {list.data && (
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('money.intro', { amount: money(list.data.approvalAbove) })}
        </Typography>
      )}
      <TextField
        select
        size="small"
        label={t('money.show')}
        value={status}
        onChange={(event) => setStatus(event.target.value as MoneyRequestListQuery['status'])}
        sx={{ minWidth: 180, mb: 2 }}
      >
        {statuses.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`money.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {list.isError && <LoadFailedAlert onRetry={() => void list.refetch()}>{translateError(list.error)}</LoadFailedAlert>}
      {list.data && (
        <PlainTable
          labelledBy="money-heading"
          headers={[
            '#',
            t('columns.player'),
            t('columns.type'),
            t('columns.amount'),
            t('columns.reason'),
            t('columns.requestedBy'),
            t('columns.status'),
            t('columns.actions'),
          ]}
          rows={list.data.requests.map((request) => ({
            key: request.id,
            testId: `money-request-${request.id}`,
            cells: [
              request.id,
              request.username,
              t(`dialog.${request.kind}`),
              money(request.amount),
              request.reason,
              `${request.requestedBy}, ${formatDateTime(request.requestedAt)}`,
              `${t(`money.${request.status}`)}${request.decidedBy ? ` (${request.decidedBy})` : ''}`,
              request.status === 'pending' ? (
                <Box key="actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                  <Button
                    size="small"
                    variant="contained"
                    aria-label={t('money.approveOf', { id: request.id })}
                    disabled={decide.isPending}
                    onClick={() => approve(request)}
                  >
                    {t('money.approve')}
                  </Button>
                  <Button size="small" aria-label={t('money.rejectOf', { id: request.id })} onClick={() => setRejecting(request)}>
                    {t('money.reject')}
                  </Button>
                </Box>
              ) : null,
            ],
          }))}
          empty={t('money.none')}
        />
      )}
      {rejecting && (
        <ReasonDialog
          title={t('money.rejectTitle', { id: rejecting.id })}
          pending={decide.isPending}
          onConfirm={(reason) => decide.mutate({ id: rejecting.id, approve: false, reason }, { onSuccess: () => setRejecting(null) })}
          onClose={() => setRejecting(null)}
        />
      )}
    </PageLayout>
  );
}
