import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { searchEntries, searchNavigation, type SearchEntry } from './search';
import type { NavItem } from './types';

type NavigationSearchProps = {
  /** The navigation tree already pruned for the user (`pruneNavigation`): the menu's own tree. */
  items: readonly NavItem[];
  onClose: () => void;
};

/**
 * SPEC §2 navigation search, the full variant: it covers the toolbar, offers up to 10 of the pages
 * the user may see (the menu's own pruned tree) whose title words start with what was typed,
 * diacritics ignored, and goes to the one picked. Arrow keys move, Enter opens, Esc or a click
 * elsewhere closes (WAI-ARIA's combobox pattern).
 */
export function NavigationSearch({ items, onClose }: NavigationSearchProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const entries = useMemo(() => searchEntries(items, (item) => (item.translate ? t(item.translate) : item.title)), [items, t]);
  const results = searchNavigation(entries, query);
  const typed = query.trim() !== '';
  const current = results[Math.min(active, results.length - 1)];

  useEffect(() => {
    const away = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [onClose]);

  const open = (entry: SearchEntry) => {
    onClose();
    if (entry.target === '_blank') window.open(entry.url, '_blank', 'noopener');
    else if (/^https?:/.test(entry.url)) window.location.assign(entry.url);
    else void navigate(entry.url);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
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
      ref={root}
      sx={{ position: 'absolute', inset: 0, zIndex: 1, display: 'flex', alignItems: 'center', gap: 1, px: 2, bgcolor: 'background.paper' }}
    >
      <SearchIcon aria-hidden color="action" />
      <InputBase
        autoFocus
        fullWidth
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        inputProps={{
          role: 'combobox',
          'aria-label': t('search.placeholder'),
          'aria-expanded': typed,
          'aria-controls': listId,
          'aria-autocomplete': 'list',
          'aria-activedescendant': current ? `${listId}-${current.id}` : undefined,
        }}
      />
      <IconButton aria-label={t('search.close')} onClick={onClose}>
        <CloseIcon />
      </IconButton>
      {typed && (
        <Paper elevation={8} sx={{ position: 'absolute', top: '100%', insetInline: 0, maxHeight: '60vh', overflowY: 'auto' }}>
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
                  // Pointer down, not click: the input keeps the focus and the list does not close first.
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
