import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyReportFigures, type ReportAnswer, type ReportFigures } from '@reelcast/protocol';
import { authHeader, json, mockFetch, staffShellAnswers } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const figures = (f: Partial<ReportFigures> = {}): ReportFigures => ({ ...emptyReportFigures(), ...f });
const none = { day: null, brandId: null, brand: null, machineId: null, machine: null };
const ledger = { reconciles: true, accounts: 40, transfers: 120, differences: [], unbalancedTransfers: [], total: '0' };

function reportFor(url: URL): ReportAnswer {
  const groupBy = url.searchParams.get('groupBy') as ReportAnswer['groupBy'];
  const rows =
    groupBy === 'brand'
      ? [
          { ...none, brandId: 1, brand: 'Aurora', ...figures({ bets: 5_000, wins: 2_300, grossGamingRevenue: 2_700, sessions: 2 }) },
          { ...none, brandId: 2, brand: 'Dragon', ...figures({ bets: 3_000, grossGamingRevenue: 3_000, sessions: 1 }) },
        ]
      : [
          {
            ...none,
            day: '2026-11-28',
            ...figures({
              spins: 35,
              bets: 8_000,
              wins: 2_300,
              grossGamingRevenue: 5_700,
              handPays: 2_500,
              handPayCount: 1,
              sessions: 3,
              playSeconds: 3_600,
            }),
          },
        ];
  const totals = rows.reduce((sum, row) => figures({ bets: sum.bets + row.bets, sessions: sum.sessions + row.sessions }), figures());
  return {
    from: url.searchParams.get('from')!,
    to: url.searchParams.get('to')!,
    groupBy,
    timeZone: 'Europe/Istanbul',
    rows,
    totals,
    ledger:
      url.searchParams.get('from') === '2026-11-01'
        ? { ...ledger, reconciles: false, differences: [{ account: 'x', cached: '1', fromEntries: '0' }], total: '1' }
        : ledger,
  };
}

function reportsApi() {
  const asked: URLSearchParams[] = [];
  const csv: { search: URLSearchParams; authorization?: string }[] = [];
  mockFetch({
    ...staffShellAnswers,
    'GET /api/console/reports': ({ url }) => {
      asked.push(url.searchParams);
      return json(reportFor(url));
    },
    'GET /api/console/reports.csv': ({ url, init }) => {
      csv.push({ search: url.searchParams, authorization: authHeader(init) });
      return new Response('\uFEFFday,spins\r\n2026-11-28,35\r\n', {
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="reelcast-report-day-2026-11-22-2026-11-28.csv"',
        },
      });
    },
  });
  return { asked, csv };
}

afterEach(() => vi.restoreAllMocks());

describe('the Reports page', () => {
  it("shows the URL's days per day, money formatted, the ledger's verdict and the zone; per brand from the select", async () => {
    const { asked } = reportsApi();
    signIn({ role: ['staff'] });
    const { router } = renderApp('/console/reports?from=2026-11-22&to=2026-11-28');
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
    expect(asked.at(-1)?.toString()).toBe('from=2026-11-22&to=2026-11-28&groupBy=day');
    const row = screen.getByTestId('report-row');
    expect(within(row).getByRole('rowheader').textContent).toBe('28.11.2026');
    expect(row.textContent?.replace(/\s/g, ' ')).toContain('TRY 80.00');
    expect(row.textContent).toContain('1 paid');
    expect(row.textContent).toContain('1 h 0 min');
    expect(screen.getByTestId('ledger-check').textContent).toBe('The ledger reconciles: 40 accounts, 120 transfers, balances sum to 0.');
    expect(screen.getByText('Days in Europe/Istanbul; money in TRY.')).toBeTruthy();

    await userEvent.click(screen.getByLabelText('Rows'));
    await userEvent.click(screen.getByRole('option', { name: 'Per brand' }));
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(2));
    expect(new URLSearchParams(router.state.location.search).get('groupBy')).toBe('brand');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Aurora', 'Dragon', 'Total']);
  });

  it('a ledger that does not reconcile is an error', async () => {
    reportsApi();
    signIn({ role: ['admin'] });
    renderApp('/console/reports?from=2026-11-01&to=2026-11-30');
    await waitFor(() => expect(screen.getByTestId('ledger-check').textContent).toContain('does NOT reconcile: 1 balances differ'));
    expect(screen.getByTestId('ledger-check').className).toMatch(/Error/);
  });

  it('a stale URL falls back to the last seven days per day', async () => {
    const { asked } = reportsApi();
    signIn({ role: ['admin'] });
    renderApp('/console/reports?from=2026-11-30&to=2026-11-01&groupBy=week');
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.get('groupBy')).toBe('day');
    const from = new Date(`${asked.at(-1)!.get('from')}T00:00:00`);
    const to = new Date(`${asked.at(-1)!.get('to')}T00:00:00`);
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(6);
  });

  it('downloads the CSV of the table with the token, under the name the answer gives', async () => {
    const { csv } = reportsApi();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    signIn({ role: ['staff'] });
    renderApp('/console/reports?from=2026-11-22&to=2026-11-28&groupBy=day');
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(clicked).toEqual(['reelcast-report-day-2026-11-22-2026-11-28.csv']));
    expect(csv[0]!.search.toString()).toBe('from=2026-11-22&to=2026-11-28&groupBy=day');
    expect(csv[0]!.authorization).toMatch(/^Bearer /);
    await waitFor(() => expect(screen.getByText('Saved reelcast-report-day-2026-11-22-2026-11-28.csv.')).toBeTruthy());
  });
});
