import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { reportMoneyFigures, type ReportFigures, type ReportGrouping, type ReportRow } from '@reelcast/protocol';
import { useMoney } from '@/shared/lib/use-money';
import { useReportTexts } from '../lib/report-texts';

const keyColumns: Record<ReportGrouping, readonly ('day' | 'machine' | 'brand')[]> = {
  day: ['day'],
  machine: ['machine', 'brand'],
  brand: ['brand'],
  'day-machine': ['day', 'machine', 'brand'],
};

/** DD.MM.YYYY (SPEC §2) of a report's YYYY-MM-DD day. */
const shownDay = (day: string) => day.split('-').reverse().join('.');

/**
 * One report as a table: the row's day, machine or brand, its money (formatted; the CSV has minor
 * units), sessions and play time, and a totals line. Wider than a tablet's page: it scrolls sideways
 * inside its own region, which the keyboard reaches too.
 */
export function ReportTable({ groupBy, rows, totals }: { groupBy: ReportGrouping; rows: ReportRow[]; totals: ReportFigures }) {
  const t = useReportTexts();
  const money = useMoney();
  const keys = keyColumns[groupBy];
  const playTime = (seconds: number) => {
    const minutes = Math.round(seconds / 60);
    return t('hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };
  const figures = (row: ReportFigures) => (
    <>
      {reportMoneyFigures.map((column) => (
        <TableCell key={column} align="right" sx={{ whiteSpace: 'nowrap' }}>
          {money(row[column])}
          {column === 'handPays' && row.handPayCount > 0 && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('handPayCount', { count: row.handPayCount })}
            </Typography>
          )}
          {column === 'bets' && (
            <Typography variant="caption" color="text.secondary" component="div">
              {t('spins', { count: row.spins })}
            </Typography>
          )}
        </TableCell>
      ))}
      <TableCell align="right">{row.sessions}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {playTime(row.playSeconds)}
      </TableCell>
    </>
  );

  return (
    <TableContainer role="region" aria-labelledby="reports-heading" tabIndex={0}>
      <Table size="small" aria-labelledby="reports-heading">
        <TableHead>
          <TableRow>
            {keys.map((column) => (
              <TableCell key={column}>{t(`columns.${column}`)}</TableCell>
            ))}
            {reportMoneyFigures.map((column) => (
              <TableCell key={column} align="right">
                {t(`columns.${column}`)}
              </TableCell>
            ))}
            <TableCell align="right">{t('columns.sessions')}</TableCell>
            <TableCell align="right">{t('columns.playTime')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={`${row.day ?? ''} ${row.machineId ?? ''} ${row.brandId ?? ''}`} data-testid="report-row">
              {keys.map((column, index) => (
                <TableCell
                  key={column}
                  component={index === 0 ? 'th' : 'td'}
                  scope={index === 0 ? 'row' : undefined}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {column === 'day' ? shownDay(row.day ?? '') : row[column]}
                </TableCell>
              ))}
              {figures(row)}
            </TableRow>
          ))}
          <TableRow data-testid="report-totals" sx={{ '& > *': { fontWeight: 700 } }}>
            <TableCell component="th" scope="row" colSpan={keys.length}>
              {t('total')}
            </TableCell>
            {figures(totals)}
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
