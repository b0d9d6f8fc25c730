import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionItem } from '@reelcast/protocol';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

const session = (i: number): SessionItem => ({
  id: `s-${i}`,
  machineId: 1,
  machineName: `Machine ${i}`,
  brand: i % 2 ? 'Aurora' : 'Dragon',
  startedAt: new Date(2025, 2, 4, 10, 0, i).toISOString(),
  endedAt: i === 0 ? null : new Date(2025, 2, 4, 11, 5, 9).toISOString(),
  endReason: i === 0 ? null : 'left',
  cashIn: 20_000,
  cashOut: 25_050,
  net: 5_050,
  spins: 12,
  totalBet: 1_000,
  totalWon: 2_000,
});

/** A fake GET /player/sessions over `total` rows, newest first; records every query string. */
function sessionsApi(total: number) {
  const queries: URLSearchParams[] = [];
  const rows = Array.from({ length: total }, (_, i) => session(i));
  mockFetch({
    'GET /player/balance': () => json({ balance: 100_000 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /player/sessions': ({ url }) => {
      queries.push(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      return json({ items: rows.slice((page - 1) * perPage, page * perPage), page, perPage, total });
    },
  });
  return queries;
}

const rows = () => screen.queryAllByTestId('session-row');

describe('slot sessions page', () => {
  it('shows the sessions with dates as DD.MM.YYYY HH:mm:ss and amounts in TRY', async () => {
    sessionsApi(2);
    signIn();
    renderApp('/slot-sessions');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const table = screen.getByRole('table', { name: 'Your slot sessions, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Machine', 'Brand', 'Start', 'End', 'Cash in', 'Cash out', 'Net', 'Spins']);
    const [open, ended] = rows() as [HTMLElement, HTMLElement];
    expect(within(open).getByText('Playing now')).toBeTruthy();
    expect(within(ended).getByText('04.03.2025 10:00:01')).toBeTruthy();
    expect(within(ended).getByText('04.03.2025 11:05:09')).toBeTruthy();
    expect(within(ended).getByText('TRY 200.00')).toBeTruthy();
    expect(within(ended).getByText('TRY 50.50')).toBeTruthy();
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reads page, perPage and search from the URL, falling back to defaults for bad values', async () => {
    const queries = sessionsApi(3);
    signIn();
    renderApp('/slot-sessions?perPage=15&page=abc&search=aurora&from=2025-03-01&to=nonsense');
    await waitFor(() => expect(queries).toHaveLength(1));
    const query = queries[0]!;
    expect(query.get('perPage')).toBe('20');
    expect(query.get('page')).toBe('1');
    expect(query.get('search')).toBe('aurora');
    expect(query.get('from')).toBe(new Date(2025, 2, 1).toISOString());
    expect(query.has('to')).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe('aurora');
  });

  it('"Load more" appends the next page and keeps the page count in the URL', async () => {
    const queries = sessionsApi(25);
    signIn();
    const { router } = renderApp('/slot-sessions?perPage=10');
    await waitFor(() => expect(rows()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('Machine 19')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Showing 25 of 25')).toBeTruthy();
  });

  it('a URL with page=3 shows three pages again', async () => {
    const queries = sessionsApi(45);
    signIn();
    renderApp('/slot-sessions?perPage=10&page=3');
    await waitFor(() => expect(rows()).toHaveLength(30));
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
  });

  it('search is debounced into the URL and starts again from page 1', async () => {
    const queries = sessionsApi(25);
    signIn();
    const { router } = renderApp('/slot-sessions?perPage=10&page=2');
    await waitFor(() => expect(rows()).toHaveLength(20));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'dra' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'dragon' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('search')).toBe('dragon'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('page')).toBeNull();
    expect(params.get('perPage')).toBe('10');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('dragon'));
    expect(queries.filter((q) => q.get('search') === 'dra')).toEqual([]);
  });

  it('items per page goes into the URL', async () => {
    const queries = sessionsApi(60);
    signIn();
    const { router } = renderApp('/slot-sessions');
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.click(screen.getByRole('combobox', { name: 'Items per page' }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(new URLSearchParams(router.state.location.search).get('perPage')).toBe('50');
    expect(queries.at(-1)?.get('perPage')).toBe('50');
    act(() => {
      void router.navigate('/slot-sessions?perPage=100');
    });
    await waitFor(() => expect(rows()).toHaveLength(60));
  });
});
