import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SessionItem } from '@reelcast/protocol';
import { json, mockFetch, requestUrl, type MockHandler } from '@/test/fetch-mock';
import { sampleProfile } from '@/test/profile';
import { renderApp } from '@/test/render-app';
import { signIn } from '@/test/session';
import { favouriteBrand, initialsOf } from '../lib/activity-summary';

const session = (id: number, machineName: string, brand: string, extra: Partial<SessionItem> = {}): SessionItem => ({
  id: String(id),
  machineId: id,
  machineName,
  brand,
  startedAt: new Date(2025, 2, 4, 10, id, 0).toISOString(),
  endedAt: new Date(2025, 2, 4, 11, id, 0).toISOString(),
  endReason: 'cashout',
  cashIn: 1000,
  cashOut: 500,
  net: -500,
  spins: 10 + id,
  totalBet: 600,
  totalWon: 100,
  ...extra,
});

/** GET /player/sessions answering `total` sessions, `brandOf(index)` giving each one's brand (index 0 the newest). */
const sessionsOf =
  (total: number, brandOf: (index: number) => string): MockHandler =>
  ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('perPage') ?? 20);
    const first = (page - 1) * perPage;
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - first)) }, (_, i) =>
      session(first + i, `Machine ${first + i}`, brandOf(first + i)),
    );
    return json({ items, page, perPage, total });
  };

function renderProfile(sessions: MockHandler, transactionsTotal: number) {
  const fetchMock = mockFetch({
    'GET /player/balance': () => json({ balance: 0 }),
    'GET /player/profile': () => json(sampleProfile({ LastLogon: new Date(2025, 4, 6, 7, 8, 9).toISOString() })),
    'GET /player/sessions': sessions,
    'GET /player/transactions': ({ url }) =>
      json({ items: [], page: 1, perPage: Number(url.searchParams.get('perPage')), total: transactionsTotal }),
  });
  signIn();
  renderApp('/pages/profile');
  return fetchMock;
}

describe('public profile page', () => {
  it('shows the player, the counts, the favourite brand and the latest sessions from the platform’s answers', async () => {
    const recent = [
      session(3, 'Dragon Pearl', 'Dragon', { endedAt: null, endReason: null }),
      session(2, 'Fire Koi', 'Dragon'),
      session(1, 'Coco Wilds', 'Tropic'),
    ];
    renderProfile(({ url }) => json({ items: recent, page: 1, perPage: Number(url.searchParams.get('perPage')), total: 3 }), 12);
    expect(await screen.findByRole('heading', { level: 1, name: 'Public profile' })).toBeTruthy();
    expect((await screen.findByTestId('public-profile-name')).textContent).toBe('Deniz Yılmaz');
    expect(screen.getByText('@demo')).toBeTruthy();
    expect(screen.getByText('31.12.2024')).toBeTruthy();
    expect(screen.getByText('06.05.2025 07:08:09')).toBeTruthy();
    expect(screen.getByText('DY')).toBeTruthy();
    expect(within(await screen.findByTestId('activity-sessions')).getByText('3')).toBeTruthy();
    expect(within(screen.getByTestId('activity-transactions')).getByText('12')).toBeTruthy();
    const favourite = screen.getByTestId('activity-favourite');
    expect(within(favourite).getByText('Dragon')).toBeTruthy();
    expect(within(favourite).getByText('2 of 3 sessions')).toBeTruthy();
    const rows = within(screen.getByTestId('recent-sessions')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.replace(/[\u2068\u2069]/g, ''))).toEqual([
      expect.stringMatching(/^Dragon Pearl · Dragon04\.03\.2025 10:03:00 · Spins: 13In progress$/),
      expect.stringMatching(/^Fire Koi · Dragon/),
      expect.stringMatching(/^Coco Wilds · Tropic/),
    ]);
    expect(screen.getByRole('link', { name: 'All slot sessions' }).getAttribute('href')).toBe('/slot-sessions');
    expect(screen.getByRole('link', { name: 'All transactions' }).getAttribute('href')).toBe('/transactions');
  });

  it('counts the favourite brand over every session up to five pages, then over the latest 500', async () => {
    const fetchMock = renderProfile(
      sessionsOf(250, (i) => (i < 100 ? 'Aurora' : 'Tropic')),
      0,
    );
    const favourite = await screen.findByTestId('activity-favourite');
    expect(within(favourite).getByText('Tropic')).toBeTruthy();
    expect(within(favourite).getByText('150 of 250 sessions')).toBeTruthy();
    const pages = fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((url) => url.includes('/player/sessions'));
    expect(pages.map((url) => new URL(url, 'http://x').searchParams.get('page')).sort()).toEqual(['1', '2', '3']);
  });

  it('says the favourite is of the latest sessions when there are more than it counts', async () => {
    renderProfile(
      sessionsOf(700, (i) => (i < 300 ? 'Dragon' : 'Aurora')),
      0,
    );
    const favourite = await screen.findByTestId('activity-favourite');
    expect(within(favourite).getByText('Dragon')).toBeTruthy();
    expect(within(favourite).getByText('300 of your latest 500 sessions')).toBeTruthy();
    expect(within(screen.getByTestId('activity-sessions')).getByText('700')).toBeTruthy();
  });

  it('without sessions says so, with no favourite', async () => {
    renderProfile(
      sessionsOf(0, () => 'Aurora'),
      1,
    );
    expect(await screen.findByText('No slot sessions yet.')).toBeTruthy();
    expect(within(screen.getByTestId('activity-favourite')).getByText('Play a machine to find out')).toBeTruthy();
  });
});

describe('activity summary', () => {
  it('picks the brand with the most sessions, a tie going to the one played last', () => {
    expect(favouriteBrand([])).toBeNull();
    const tie = [session(4, 'a', 'Tropic'), session(3, 'b', 'Aurora'), session(2, 'c', 'Aurora'), session(1, 'd', 'Tropic')];
    expect(favouriteBrand(tie)).toEqual({ brand: 'Tropic', sessions: 2 });
    expect(favouriteBrand([...tie, session(0, 'e', 'Aurora')])).toEqual({ brand: 'Aurora', sessions: 3 });
  });

  it('makes initials in the language’s upper case', () => {
    expect(initialsOf({ name: 'ismail', lastname: 'ılgaz', username: 'x' }, 'tr')).toBe('İI');
    expect(initialsOf({ name: 'ismail', lastname: 'ılgaz', username: 'x' }, 'en')).toBe('II');
    expect(initialsOf({ name: '', lastname: '', username: 'demo' }, 'en')).toBe('D');
  });
});
