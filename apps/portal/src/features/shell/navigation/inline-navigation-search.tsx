import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { searchEntries, searchNavigation, type SearchEntry } from './search';
import type { NavItem } from './types';

/**
 * SPEC §2 navigation search, the inline variant (layout3's toolbar): the same suggestions as the full
 * one (navigation-search.tsx) under a field that stays in the toolbar. Arrow keys move, Enter opens,
 * Esc clears; the list shows while the field has the focus.
 */
export function InlineNavigationSearch({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [focused, setFocused] = useState(false);
  const listId = useId();
  const entries = useMemo(() => searchEntries(items, (item) => (item.translate ? t(item.translate) : item.title)), [items, t]);
  const results = searchNavigation(entries, query);
  const expanded = focused && query.trim() !== '';
  const current = results[Math.min(active, results.length - 1)];

  const open = (entry: SearchEntry) => {
    setQuery('');
    if (entry.target === '_blank') window.open(entry.url, '_blank', 'noopener');
    else if (/^https?:/.test(entry.url)) window.location.assign(entry.url);
    else void navigate(entry.url);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setQuery('');
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && results.length) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (Math.min(index, results.length - 1) + step + results.length) % results.length);
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      open(current);
    }
  };

  return (
    <Box
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        width: { lg: 280 },
        borderRadius: 2,
        bgcolor: 'action.hover',
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <SearchIcon aria-hidden color="action" fontSize="small" />
      <InputBase
        fullWidth
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        inputProps={{
          role: 'combobox',
          'aria-label': t('search.placeholder'),
          'aria-expanded': expanded,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': expanded && current ? `${listId}-${current.id}` : undefined,
        }}
      />
      {expanded && (
        <Paper
          elevation={8}
          sx={{ position: 'absolute', top: '100%', insetInline: 0, mt: 0.5, maxHeight: '60vh', overflowY: 'auto', zIndex: 'modal' }}
        >
          {results.length ? (
            <Box
              component="ul"
              role="listbox"
              id={listId}
              aria-label={t('search.results')}
              sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}
            >
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
      )}
    </Box>
  );
}
