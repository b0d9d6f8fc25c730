import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '@/shared/i18n/i18n';
import { json, mockFetch } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';

/** The slot sessions page (its filter bar has the date range) over an empty list; records each query. */
function sessionsPage(path: string) {
  const queries: URLSearchParams[] = [];
  mockFetch({
    'GET /player/balance': () => json({ balance: 100_000 }),
    'GET /player/profile': () => json(sampleProfile()),
    'GET /player/sessions': ({ url }) => {
      queries.push(url.searchParams);
      return json({ items: [], page: 1, perPage: 20, total: 0 });
    },
  });
  signIn();
  const { router } = renderApp(path);
  return { queries, router };
}

/** What a day field shows, its parts joined as written (DD.MM.YYYY). */
const shown = (field: HTMLElement) =>
  within(field)
    .getAllByRole('spinbutton')
    .map((part) => part.textContent)
    .join('.');

describe('date range fields', () => {
  // The list pages fetch the pickers' code once they are on screen; here it is loaded (transformed) once, first.
  beforeAll(() => import('./date-range-fields'));

  it("show the URL's days as DD.MM.YYYY, and a day typed part by part filters the list once it is whole", async () => {
    const { queries, router } = sessionsPage('/slot-sessions?from=2025-01-09');
    const from = await screen.findByRole('group', { name: 'From' });
    const to = screen.getByRole('group', { name: 'To' });
    expect(shown(from)).toBe('09.01.2025');
    await waitFor(() => expect(queries.at(-1)?.get('from')).toBe(new Date(2025, 0, 9).toISOString()));

    const user = userEvent.setup();
    await user.click(within(to).getByRole('spinbutton', { name: 'Day' }));
    await user.keyboard('15');
    await user.keyboard('03');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBeNull();
    await user.keyboard('2025');
    expect(shown(to)).toBe('15.03.2025');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-03-15'));
    // The API's `to` is the start of the day after (exclusive).
    await waitFor(() => expect(queries.at(-1)?.get('to')).toBe(new Date(2025, 2, 16).toISOString()));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(shown(from)).toBe('DD.MM.YYYY');
    expect(shown(to)).toBe('DD.MM.YYYY');
  });

  it('pick a day from the calendar with the keyboard', async () => {
    const { router } = sessionsPage('/slot-sessions?to=2025-03-15');
    const to = await screen.findByRole('group', { name: 'To' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Choose date, selected date is Mar 15, 2025$/ }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByRole('gridcell', { name: '15', selected: true })).toBeTruthy();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2025-03-16'));
    expect(shown(to)).toBe('16.03.2025');
  });

  it('speak Turkish and Arabic, still written DD.MM.YYYY', async () => {
    sessionsPage('/slot-sessions?from=2025-01-09');
    await screen.findByRole('group', { name: 'From' });
    await act(() => initI18n('tr'));
    const from = await screen.findByRole('group', { name: 'Başlangıç' });
    expect(shown(from)).toBe('09.01.2025');
    expect(shown(screen.getByRole('group', { name: 'Bitiş' }))).toBe('GG.AA.YYYY');
    expect(within(from).getByRole('button', { name: /^Tarih seçin, seçilen tarih: / })).toBeTruthy();

    await act(() => initI18n('ar'));
    const arabicFrom = await screen.findByRole('group', { name: 'من' });
    expect(shown(arabicFrom)).toBe('09.01.2025');
    expect(within(arabicFrom).getByRole('button', { name: /^اختر التاريخ، التاريخ المختار: / })).toBeTruthy();
  });
});
