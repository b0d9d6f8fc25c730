import { reportFigureNames, type ReportAnswer, type ReportGrouping, type ReportRow } from '@reelcast/protocol';

/** The columns that name a row, for each grouping. */
const keyColumns: Record<ReportGrouping, readonly (keyof ReportRow)[]> = {
  day: ['day'],
  brand: ['brandId', 'brand'],
  machine: ['machineId', 'machine', 'brandId', 'brand'],
  'day-machine': ['day', 'machineId', 'machine', 'brandId', 'brand'],
};

/**
 * One report as CSV (RFC 4180; docs/console.md "CSV export"): a header of the answer's field names (money
 * in minor units, whole numbers), one
 * line per row, CRLF line ends, UTF-8 with a byte order mark so a spreadsheet reads Turkish and Arabic
 * names. A field with a comma, a quote or a line break is quoted, its quotes doubled. A name that starts
 * like a formula (= + - @, a tab or CR) gets a leading apostrophe, so a spreadsheet shows it instead of
 * running it; numbers are written as they are.
 */
export function reportCsv(report: Pick<ReportAnswer, 'groupBy' | 'rows'>): string {
  const columns = [...keyColumns[report.groupBy], ...reportFigureNames];
  const lines = [columns.join(','), ...report.rows.map((row) => columns.map((column) => csvField(row[column])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The file name a browser saves the export under. */
export const reportFileName = (report: Pick<ReportAnswer, 'groupBy' | 'from' | 'to'>) =>
  `reelcast-report-${report.groupBy}-${report.from}-${report.to}.csv`;
