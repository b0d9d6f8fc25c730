import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import { useSession } from '@/shared/session/session-store';
import { ToolbarPopover } from '../components/toolbar-popover';
import { searchEntries, searchNavigation } from '../navigation/search';
import type { NavItem } from '../navigation/types';
import { useToggleShortcut } from './api/save-shortcuts';

const useMenuTexts = defineLazyTexts('shortcutMenu', {
  en: { search: 'Search for an app or page', pages: 'Pages' },
  tr: { search: 'Bir uygulama veya sayfa arayın', pages: 'Sayfalar' },
  ar: { search: 'ابحث عن تطبيق أو صفحة', pages: 'الصفحات' },
});

const NO_SHORTCUTS: readonly string[] = [];

type ShortcutMenuProps = {
  id: string;
  anchor: HTMLElement;
  /** The navigation tree already pruned for the user: the menu's and the search's own. */
  items: readonly NavItem[];
  onClose: () => void;
};

/**
 * The star's menu (SPEC §2 search and shortcuts): a search 'Search for an app or page' over the
 * pages the user may see (word prefixes, diacritics ignored), each a toggle whose star is filled
 * while it is a shortcut. Arrow keys move between the search and the pages; Esc or a click outside
 * closes it and the focus goes back to the star.
 */
export function ShortcutMenu({ id, anchor, items, onClose }: ShortcutMenuProps) {
  const texts = useMenuTexts();
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const shortcuts = useSession((state) => state.user?.shortcuts ?? NO_SHORTCUTS);
  const toggle = useToggleShortcut();
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const entries = useMemo(() => searchEntries(items, (item) => (item.translate ? t(item.translate) : item.title)), [items, t]);
  const shown = query.trim() ? searchNavigation(entries, query, entries.length) : entries;

  /** Up and Down walk the search field and the pages, round. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const stops = [input.current, ...(list.current?.querySelectorAll<HTMLElement>('[data-shortcut-toggle]') ?? [])];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    stops[(at + step + stops.length) % stops.length]?.focus();
  };

  return (
    <ToolbarPopover
      id={id}
      label={t('shortcuts.toggle')}
      anchor={anchor}
      onClose={onClose}
      side="start"
      paper={{ onKeyDown, sx: { width: 300, maxWidth: '90vw', maxHeight: '70vh' } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon aria-hidden color="action" />
        <InputBase
          inputRef={input}
          autoFocus
          fullWidth
          placeholder={texts('search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          inputProps={{ 'aria-label': texts('search'), type: 'search' }}
        />
      </Box>
      {shown.length ? (
        <Box component="ul" ref={list} aria-label={texts('pages')} sx={{ listStyle: 'none', m: 0, py: 0.5, px: 0 }}>
          {shown.map((entry) => {
            const on = shortcuts.includes(entry.id);
            return (
              <li key={entry.id}>
                <ListItemButton
                  component="button"
                  data-shortcut-toggle
                  aria-pressed={on}
                  onClick={() => toggle(entry.id)}
                  sx={{ width: '100%' }}
                >
                  <ListItemIcon sx={{ minWidth: 36, color: on ? 'warning.main' : undefined }}>
                    {on ? <StarIcon /> : <StarBorderIcon />}
                  </ListItemIcon>
                  <ListItemText primary={entry.title} />
                </ListItemButton>
              </li>
            );
          })}
        </Box>
      ) : (
        <Typography role="status" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          {t('search.noResults')}
        </Typography>
      )}
    </ToolbarPopover>
  );
}
