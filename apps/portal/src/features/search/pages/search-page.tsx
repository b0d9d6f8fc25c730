import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { MAX_SEARCH_LENGTH } from '@reelcast/protocol';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth, type PageLayoutDescription } from '@/shared/components/page-layout/page-layout-description';
import { PageTabPanel, PageTabs } from '@/shared/components/page-layout/page-tabs';
import { useRouteVariant } from '@/shared/config/route-handle';
import { ClassicResults } from '../components/classic-results';
import { ModernResults } from '../components/modern-results';
import { groupHits, searchDocuments, searchKinds, type SearchKind } from '../lib/search-index';
import { useSearchTexts } from '../lib/search-texts';
import { useResultKeys } from '../lib/use-result-keys';
import { useSearchDocuments } from '../lib/use-search-documents';

/** The modern presentation: the results on a card under a header band, a tab per kind. */
const cardedTabbed = { family: 'carded', header: true, tabs: true, scroll: 'page' } as const satisfies PageLayoutDescription;

type Tab = 'all' | SearchKind;
const tabOf = (value: string | null): Tab => ((searchKinds as readonly string[]).includes(value ?? '') ? (value as SearchKind) : 'all');

/**
 * /pages/search/classic and /pages/search/modern (SPEC §2 demo pages): one search over the machines,
 * the brands, the rules and the help pages (the footer's info pages and the documentation list),
 * shown as a search engine's list (classic) or as cards with a tab per kind (modern). The query is in
 * the address (`?q=`; modern's tab in `?tab=`), so a search can be shared, reloaded and gone back to.
 */
export function SearchPage() {
  const variant = useRouteVariant() === 'classic' ? 'classic' : 'modern';
  const { t: tApp } = useTranslation();
  const t = useSearchTexts();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').slice(0, MAX_SEARCH_LENGTH);
  const tab = tabOf(params.get('tab'));
  const [typed, setTyped] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  // The address changed elsewhere (back, forward, a link): the field follows it (React's "adjust state on a prop change").
  if (query !== shownQuery) {
    setShownQuery(query);
    if (typed.trim() !== query.trim()) setTyped(query);
  }

  const searched = useDeferredValue(query.trim());
  const { prepared, loading, failed } = useSearchDocuments(searched !== '');
  const groups = useMemo(() => groupHits(searchDocuments(prepared, searched)), [prepared, searched]);
  const total = groups.reduce((sum, group) => sum + group.hits.length, 0);

  const root = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const onKeyDown = useResultKeys(root, field);

  const change = (next: { q?: string; tab?: Tab }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const [key, value] of Object.entries(next)) {
          if (value && !(key === 'tab' && value === 'all')) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      },
      { replace: true },
    );

  // The query keeps its own direction inside the sentence (a Latin name in an Arabic sentence and the reverse).
  const quoted = `\u2068${searched}\u2069`;
  const status =
    searched === ''
      ? t('hint')
      : total > 0
        ? total === 1
          ? t('oneResultFor', { query: quoted })
          : t('resultsFor', { count: total, query: quoted })
        : loading
          ? t('searching')
          : tApp('search.noResults');

  const form = (
    <Box
      component="form"
      role="search"
      aria-label={t('label')}
      onSubmit={(event) => {
        event.preventDefault();
        change({ q: typed.trim() });
      }}
      sx={{ display: 'flex', gap: 1, mt: 2, maxWidth: 720 }}
    >
      <TextField
        inputRef={field}
        type="search"
        fullWidth
        size={variant === 'modern' ? 'medium' : 'small'}
        label={t('label')}
        value={typed}
        autoComplete="off"
        onChange={(event) => {
          setTyped(event.target.value);
          change({ q: event.target.value.trim() });
        }}
        slotProps={{
          htmlInput: { maxLength: MAX_SEARCH_LENGTH, 'aria-describedby': 'search-status' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
        sx={variant === 'modern' ? { bgcolor: 'background.paper', borderRadius: 1 } : undefined}
      />
      {variant === 'classic' && (
        <Button type="submit" variant="contained">
          {t('submit')}
        </Button>
      )}
    </Box>
  );

  const header = (
    <>
      <Typography id="search-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
        {t(variant)}
      </Typography>
      {form}
    </>
  );

  const results = (
    <>
      <Typography id="search-status" role="status" color="text.secondary" data-testid="search-status">
        {status}
      </Typography>
      {failed.map(({ kind, retry }) => (
        <LoadFailedAlert key={kind} onRetry={retry}>
          {t(`failed.${kind}`)}
        </LoadFailedAlert>
      ))}
      {variant === 'classic' ? (
        <ClassicResults groups={groups} />
      ) : (
        <ModernResults groups={tab === 'all' ? groups : groups.filter((group) => group.kind === tab)} single={tab !== 'all'} />
      )}
    </>
  );

  const tabs = searched !== '' && (
    <PageTabs<Tab>
      label={t('resultGroups')}
      idPrefix="search"
      value={tab}
      onChange={(next) => change({ tab: next })}
      items={[
        { value: 'all', label: t('kindCount', { kind: t('kinds.all'), count: total }) },
        ...groups.map((group) => ({
          value: group.kind,
          label: t('kindCount', { kind: t(`kinds.${group.kind}`), count: group.hits.length }),
        })),
      ]}
    />
  );

  return (
    <Box ref={root} onKeyDown={onKeyDown} sx={{ display: 'flex', flex: '1 0 auto', minWidth: 0 }}>
      <PageLayout
        layout={variant === 'classic' ? simpleFullWidth : cardedTabbed}
        aria-labelledby="search-heading"
        header={header}
        tabs={tabs || undefined}
      >
        {variant === 'modern' && tabs ? (
          <PageTabPanel idPrefix="search" value={tab}>
            {results}
          </PageTabPanel>
        ) : (
          results
        )}
      </PageLayout>
    </Box>
  );
}
