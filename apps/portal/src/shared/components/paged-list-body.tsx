import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { usePagedList } from '@/shared/lib/use-paged-list';
import { LoadMoreButton } from './load-more-button';
import { LoadingScreen } from './loading-screen';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';

type PagedList = ReturnType<typeof usePagedList>;

export interface PagedListBodyProps {
  query: UseInfiniteQueryResult<InfiniteData<unknown>>;
  list: Pick<PagedList, 'items' | 'total' | 'canLoadMore' | 'loadingMore' | 'nextShownPages'>;
  /** True when a search or filter is set: the empty text says "no matches" instead of `emptyText`. */
  filtered: boolean;
  emptyText: string;
  onLoadMore: (shownPages: number) => void;
  /** The table of `list.items`. */
  children: ReactNode;
}

/** What every paged list shows under its filters: progress, errors with retry, empty text, items and Load more. */
export function PagedListBody({ query, list, filtered, emptyText, onLoadMore, children }: PagedListBodyProps) {
  const { t } = useTranslation();
  return (
    <>
      {query.isFetching && !query.isFetchingNextPage && query.data && <LinearProgress aria-hidden />}
      {query.isError && !query.data && <LoadFailedAlert onRetry={() => void query.refetch()}>{t('lists.loadFailed')}</LoadFailedAlert>}
      {query.isPending && <LoadingScreen />}
      {query.data && list.items.length === 0 && (
        <Typography color="text.secondary">{filtered ? t('lists.noMatches') : emptyText}</Typography>
      )}
      {list.items.length > 0 && (
        <>
          {children}
          <LoadMoreButton
            label={t('lists.loadMore')}
            status={t('lists.showing', { shown: list.items.length, total: list.total })}
            canLoadMore={list.canLoadMore}
            loading={list.loadingMore}
            onLoadMore={() => onLoadMore(list.nextShownPages)}
          />
        </>
      )}
    </>
  );
}
