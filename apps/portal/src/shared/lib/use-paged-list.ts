import { useEffect } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

type Page<T> = { items: T[]; page: number; perPage: number; total: number };

/** For an infinite query's getNextPageParam: the next page while rows remain. */
export const nextPageOf = <T>(last: Page<T>): number | undefined => (last.page * last.perPage < last.total ? last.page + 1 : undefined);

/**
 * The rows of the first `shownPages` pages of an infinite query, loading pages until there are that
 * many (a reload of a URL with page=3 shows three pages again). Rows that moved to the next page
 * because new ones arrived meanwhile are shown once.
 */
export function usePagedList<T extends { id: string }>(query: UseInfiniteQueryResult<InfiniteData<Page<T>>>, shownPages: number) {
  const pages = query.data?.pages ?? [];
  const loaded = pages.length;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  useEffect(() => {
    if (loaded > 0 && loaded < shownPages && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [loaded, shownPages, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const seen = new Set<string>();
  const items = pages
    .slice(0, shownPages)
    .flatMap((page) => page.items)
    .filter((item) => !seen.has(item.id) && !!seen.add(item.id));
  const visiblePages = Math.min(loaded, shownPages);
  return {
    items,
    total: pages.at(-1)?.total ?? 0,
    /** More rows exist beyond what is shown. */
    canLoadMore: loaded > shownPages || !!hasNextPage,
    loadingMore: isFetchingNextPage || (loaded > 0 && loaded < shownPages && !!hasNextPage),
    /** The page count "Load more" asks the URL for. */
    nextShownPages: visiblePages + 1,
  };
}
