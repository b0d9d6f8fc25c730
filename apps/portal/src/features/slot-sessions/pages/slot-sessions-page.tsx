import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DateRangeFields } from '@/shared/components/date-range-fields';
import { PagedListBody } from '@/shared/components/paged-list-body';
import { PerPageSelect } from '@/shared/components/per-page-select';
import { SearchField } from '@/shared/components/search-field';
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
    <Box
      component="section"
      aria-labelledby="slot-sessions-heading"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id="slot-sessions-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('slotSessions.title')}
      </Typography>
      <Stack role="search" direction="row" aria-label={t('lists.filters')} sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField
          label={t('lists.search')}
          placeholder={t('slotSessions.searchHint')}
          value={filters.search}
          onChange={(value) => update({ search: value })}
        />
        <DateRangeFields
          fromLabel={t('lists.from')}
          toLabel={t('lists.to')}
          from={filters.from}
          to={filters.to}
          onChange={(range) => update(range)}
        />
        <PerPageSelect label={t('lists.perPage')} value={filters.perPage} onChange={(perPage) => update({ perPage })} />
        {filtered && <Button onClick={() => update({ search: '', from: undefined, to: undefined })}>{t('lists.clearFilters')}</Button>}
      </Stack>
      <PagedListBody
        query={query}
        list={list}
        filtered={filtered}
        emptyText={t('slotSessions.empty')}
        onLoadMore={(shown) => update({ page: shown })}
      >
        <SessionsTable sessions={list.items} />
      </PagedListBody>
    </Box>
  );
}
