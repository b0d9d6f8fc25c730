import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { ListFilterBar } from '@/shared/components/list-filter-bar';
import { PagedListBody } from '@/shared/components/paged-list-body';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
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
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="transactions-heading"
      header={
        <Typography id="transactions-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('transactions.title')}
        </Typography>
      }
    >
      <ListFilterBar
        searchHint={t('transactions.searchHint')}
        filters={filters}
        filtered={filtered}
        update={update}
        onClear={() => update({ search: '', from: undefined, to: undefined, action: undefined })}
      >
        <ActionSelect value={filters.action} onChange={(action) => update({ action })} />
      </ListFilterBar>
      <PagedListBody
        query={query}
        list={list}
        filtered={filtered}
        emptyText={t('transactions.empty')}
        onLoadMore={(shown) => update({ page: shown })}
      >
        <TransactionsTable transactions={list.items} />
      </PagedListBody>
    </PageLayout>
  );
}
