import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileAnswer, sessionPage, transactionPage, type ProfileAnswer, type SessionItem } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { favouriteBrand, type FavouriteBrand } from '../lib/activity-summary';

/** GET /player/profile (the profile page's call; the same cache entry): name, photo, member since, last login. */
export const publicProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['player', 'profile'] as const,
    queryFn: ({ signal }): Promise<ProfileAnswer> => request('/player/profile', profileAnswer, { signal }),
  });

/** The largest page the history lists give, and how many of them the favourite brand is counted over. */
const PAGE = 100;
const MAX_PAGES = 5;

const sessionsPage = (page: number, signal?: AbortSignal) =>
  request(`/player/sessions?${new URLSearchParams({ page: String(page), perPage: String(PAGE) })}`, sessionPage, { signal });

export type PlayerActivity = {
  /** Every slot session of the player (the list's total). */
  sessions: number;
  /** The latest sessions, newest first. */
  recent: SessionItem[];
  /** Over the `counted` latest sessions (all of them up to 500). */
  favourite: FavouriteBrand | null;
  counted: number;
  /** Every movement of the player's wallet. */
  transactions: number;
};

/**
 * The player's activity from the history lists (GET /player/sessions, GET /player/transactions, the
 * Slot Sessions and Transactions pages' calls): the counts are the lists' totals, the favourite brand
 * is counted over the latest sessions, up to five pages of 100.
 */
export async function getPlayerActivity({ signal }: { signal?: AbortSignal } = {}): Promise<PlayerActivity> {
  const [first, transactions] = await Promise.all([
    sessionsPage(1, signal),
    request('/player/transactions?perPage=10', transactionPage, { signal }),
  ]);
  const pages = Math.min(MAX_PAGES, Math.ceil(first.total / PAGE));
  const more = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => sessionsPage(index + 2, signal)));
  const counted = [first, ...more].flatMap((page) => page.items);
  return {
    sessions: first.total,
    recent: first.items.slice(0, 5),
    favourite: favouriteBrand(counted),
    counted: counted.length,
    transactions: transactions.total,
  };
}

export const playerActivityQueryOptions = () =>
  queryOptions({ queryKey: ['player', 'sessions', 'activity'] as const, queryFn: getPlayerActivity });

export const usePublicProfile = () => useQuery(publicProfileQueryOptions());
export const usePlayerActivity = () => useQuery(playerActivityQueryOptions());
