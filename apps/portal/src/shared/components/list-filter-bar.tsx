import type { ReactNode } from 'react';
import type { PerPage } from '@reelcast/protocol';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { LazyDateRangeFields } from './date-range/lazy-date-range-fields';
import { PerPageSelect } from './per-page-select';
import { SearchField } from './search-field';

type ListFilters = { search: string; from?: string; to?: string; perPage: PerPage };

/**
 * The filters of a history list (slot sessions, transactions): search, date range, the list's own
 * fields (`children`), rows per page, and 'Clear filters' while any filter is set (`filtered`).
 */
export function ListFilterBar({
  searchHint,
  filters,
  filtered,
  update,
  onClear,
  children,
}: {
  searchHint: string;
  filters: ListFilters;
  filtered: boolean;
  update: (change: Partial<ListFilters>) => void;
  onClear: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack role="search" direction="row" aria-label={t('lists.filters')} sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <SearchField
        label={t('lists.search')}
        placeholder={searchHint}
        value={filters.search}
        onChange={(value) => update({ search: value })}
      />
      <LazyDateRangeFields
        fromLabel={t('lists.from')}
        toLabel={t('lists.to')}
        from={filters.from}
        to={filters.to}
        onChange={(range) => update(range)}
      />
      {children}
      <PerPageSelect label={t('lists.perPage')} value={filters.perPage} onChange={(perPage) => update({ perPage })} />
      {filtered && <Button onClick={onClear}>{t('lists.clearFilters')}</Button>}
    </Stack>
  );
}
