import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { reportGroupings, type ReportGrouping, type ReportQuery } from '@reelcast/protocol';
import { translateError } from '@/shared/api/translate-error';
import { useSettings } from '@/shared/config/settings';
import { LazyDateRangeFields } from '@/shared/components/date-range/lazy-date-range-fields';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { showMessage } from '@/shared/toasts/toast-store';
import { useDownloadReportCsv } from '../api/download-report-csv';
import { useReport } from '../api/get-report';
import { LedgerCheckAlert } from '../components/ledger-check-alert';
import { ReportTable } from '../components/report-table';
import { parseReportSearch } from '../lib/report-search';
import { useReportTexts } from '../lib/report-texts';

/**
 * /console/reports (staff, admin; docs/console.md "Reports"): per day, machine or brand over the days
 * in the URL, the ledger's reconciliation, and the CSV of the table.
 */
export function ReportsPage() {
  const t = useReportTexts();
  const { currency } = useSettings();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseReportSearch(params), [params]);
  const report = useReport(query);
  const download = useDownloadReportCsv();
  const update = (patch: Partial<ReportQuery>) => setParams({ ...query, ...patch }, { replace: true });

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="reports-heading"
      header={
        <Typography id="reports-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('title')}
        </Typography>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <LazyDateRangeFields
          fromLabel={t('from')}
          toLabel={t('to')}
          from={query.from}
          to={query.to}
          onChange={({ from, to }) => update({ from: from ?? query.from, to: to ?? query.to })}
        />
        <TextField
          select
          size="small"
          label={t('groupBy')}
          value={query.groupBy}
          onChange={(event) => update({ groupBy: event.target.value as ReportGrouping })}
          sx={{ minWidth: 200 }}
        >
          {reportGroupings.map((grouping) => (
            <MenuItem key={grouping} value={grouping}>
              {t(`groupings.${grouping}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          disabled={download.isPending}
          onClick={() => download.mutate(query, { onSuccess: (name) => showMessage(t('downloaded', { name }), 'success') })}
        >
          {t('download')}
        </Button>
      </Box>
      {report.isPending && <CircularProgress aria-label={t('title')} />}
      {report.isError && <LoadFailedAlert onRetry={() => void report.refetch()}>{translateError(report.error)}</LoadFailedAlert>}
      {report.data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <LedgerCheckAlert ledger={report.data.ledger} />
          <Typography variant="body2" color="text.secondary">
            {t('timeZone', { zone: report.data.timeZone, currency })}
          </Typography>
          {report.data.rows.length ? (
            <ReportTable groupBy={report.data.groupBy} rows={report.data.rows} totals={report.data.totals} />
          ) : (
            <Alert severity="info">{t('empty')}</Alert>
          )}
        </Box>
      )}
    </PageLayout>
  );
}
