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
import { useTransactions } from '../api/get-transactions';
import { ActionSelect } from '../components/action-select';
import { TransactionsTable } from '../components/transactions-table';
import { transactionsSearchSchema } from '../lib/transactions-search';

/**
 * /transactions: every movement of the player's wallet, newest first, coloured by kind (SPEC §9);
 * filters and the shown page count live in the URL.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [search, update] = useListSearchParams(transactionsSearchSchema);
  const { page, ...filters } = search;
  const query = useTransactions(filters);
  const list = usePagedList(query, page);
  const filtered = !!(filters.search || filters.from || filters.to || filters.action !== undefined);

  return (
    <Box
      component="section"
      aria-labelledby="transactions-heading"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography id="transactions-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t('transactions.title')}
      </Typography>
      <Stack role="search" direction="row" aria-label={t('lists.filters')} sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <SearchField
          label={t('lists.search')}
          placeholder={t('transactions.searchHint')}
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
        <ActionSelect value={filters.action} onChange={(action) => update({ action })} />
        <PerPageSelect label={t('lists.perPage')} value={filters.perPage} onChange={(perPage) => update({ perPage })} />
        {filtered && (
          <Button onClick={() => update({ search: '', from: undefined, to: undefined, action: undefined })}>
            {t('lists.clearFilters')}
          </Button>
        )}
      </Stack>
      <PagedListBody
        query={query}
        list={list}
        filtered={filtered}
        emptyText={t('transactions.empty')}
        onLoadMore={(shown) => update({ page: shown })}
      >
        <TransactionsTable transactions={list.items} />
      </PagedListBody>
    </Box>
  );
}
