import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { SearchResults, useSearchCombobox } from './search-combobox';
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
  const root = useRef<HTMLDivElement>(null);
  const search = useSearchCombobox(items, { onOpen: onClose, onEscape: onClose });
  const typed = search.query.trim() !== '';

  useEffect(() => {
    const away = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [onClose]);

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
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onKeyDown={search.onKeyDown}
        inputProps={search.inputProps(typed)}
      />
      <IconButton aria-label={t('search.close')} onClick={onClose}>
        <CloseIcon />
      </IconButton>
      {typed && <SearchResults {...search} />}
    </Box>
  );
}
