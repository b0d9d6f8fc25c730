import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { searchEntries, searchNavigation, type SearchEntry } from './search';
import type { NavItem } from './types';

/**
 * What both navigation searches (over the toolbar, and layout3's field in it) share: the suggestions
 * for what was typed, among the pages of the pruned tree `items`; Up and Down move, Enter opens,
 * `onEscape` on Esc; `onOpen` runs before a page is opened (WAI-ARIA's combobox pattern).
 */
export function useSearchCombobox(items: readonly NavItem[], { onOpen, onEscape }: { onOpen: () => void; onEscape: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQueryState] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const entries = useMemo(() => searchEntries(items, (item) => (item.translate ? t(item.translate) : item.title)), [items, t]);
  const results = searchNavigation(entries, query);
  const current = results[Math.min(active, results.length - 1)];
  const setQuery = (value: string) => {
    setQueryState(value);
    setActive(0);
  };

  const open = (entry: SearchEntry) => {
    onOpen();
    if (entry.target === '_blank') window.open(entry.url, '_blank', 'noopener');
    else if (/^https?:/.test(entry.url)) window.location.assign(entry.url);
    else void navigate(entry.url);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && results.length) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, results.length - 1) + step + results.length) % results.length);
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      open(current);
    }
  };

  /** The input's combobox attributes while the list is `expanded`. */
  const inputProps = (expanded: boolean) => ({
    role: 'combobox',
    'aria-label': t('search.placeholder'),
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': expanded && current ? `${listId}-${current.id}` : undefined,
  });

  return { query, setQuery, results, current, listId, open, onKeyDown, inputProps };
}

type SearchResultsProps = Pick<ReturnType<typeof useSearchCombobox>, 'results' | 'current' | 'listId' | 'open'>;

/** The suggestions under the field, or 'No results..'. */
export function SearchResults({ results, current, listId, open }: SearchResultsProps) {
  const { t } = useTranslation();
  return (
    <Paper elevation={8} sx={{ position: 'absolute', top: '100%', insetInline: 0, maxHeight: '60vh', overflowY: 'auto', zIndex: 'modal' }}>
      {results.length ? (
        <Box component="ul" role="listbox" id={listId} aria-label={t('search.results')} sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}>
          {results.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              id={`${listId}-${entry.id}`}
              role="option"
              aria-selected={entry === current}
              // Pointer down, not click: the field keeps the focus and the list stays until the click.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => open(entry)}
              sx={{ px: 2, py: 1.25, cursor: 'pointer', bgcolor: entry === current ? 'action.selected' : undefined }}
            >
              {entry.title}
            </Box>
          ))}
        </Box>
      ) : (
        <Typography id={listId} role="status" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {t('search.noResults')}
        </Typography>
      )}
    </Paper>
  );
}
