import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { ListFilterBar } from '@/shared/components/list-filter-bar';
import { PagedListBody } from '@/shared/components/paged-list-body';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { useListSearchParams } from '@/shared/lib/list-search-params';
import { usePagedList } from '@/shared/lib/use-paged-list';
import { useSessions } from '../api/get-sessions';
import { SessionsTable } from '../components/sessions-table';
import { sessionsSearchSchema } from '../lib/sessions-search';

/** /slot-sessions: the player's sessions, newest first; filters and the shown page count live in the URL. */
export function SlotSessionsPage() {
  const { t } = useTranslation();
  const [search, update] = useListSearchParams(sessionsSearchSchema);
  const { page, ...filters } = search;
  const query = useSessions(filters);
  const list = usePagedList(query, page);
  const filtered = !!(filters.search || filters.from || filters.to);

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="slot-sessions-heading"
      header={
        <Typography id="slot-sessions-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('slotSessions.title')}
        </Typography>
      }
    >
      <ListFilterBar
        searchHint={t('slotSessions.searchHint')}
        filters={filters}
        filtered={filtered}
        update={update}
        onClear={() => update({ search: '', from: undefined, to: undefined })}
      />
      <PagedListBody
        query={query}
        list={list}
        filtered={filtered}
        emptyText={t('slotSessions.empty')}
        onLoadMore={(shown) => update({ page: shown })}
      >
        <SessionsTable sessions={list.items} />
      </PagedListBody>
    </PageLayout>
  );
}
