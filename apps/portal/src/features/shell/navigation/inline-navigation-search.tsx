import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import SearchIcon from '@mui/icons-material/Search';
import { SearchResults, useSearchCombobox } from './search-combobox';
import type { NavItem } from './types';

/**
 * SPEC §2 navigation search, the inline variant (layout3's toolbar): the same suggestions as the full
 * one (navigation-search.tsx) under a field that stays in the toolbar. Arrow keys move, Enter opens,
 * Esc clears; the list shows while the field has the focus.
 */
export function InlineNavigationSearch({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const search = useSearchCombobox(items, { onOpen: () => search.setQuery(''), onEscape: () => search.setQuery('') });
  const expanded = focused && search.query.trim() !== '';

  return (
    <Box
      sx={{
        position: 'relative',
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        // Its width holds when the toolbar fills up (the buttons that arrive after the first view once
        // squeezed it to nothing at 1280 px).
        flexShrink: 0,
        width: { xs: 200, lg: 280 },
        borderRadius: 2,
        bgcolor: 'action.hover',
        '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <SearchIcon aria-hidden color="action" fontSize="small" />
      <InputBase
        fullWidth
        placeholder={t('search.placeholder')}
        value={search.query}
        onChange={(event) => search.setQuery(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={search.onKeyDown}
        inputProps={search.inputProps(expanded)}
      />
      {expanded && <SearchResults {...search} />}
    </Box>
  );
}
