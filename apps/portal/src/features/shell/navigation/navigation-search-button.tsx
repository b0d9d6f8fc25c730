import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { useOnDemand } from '@/shared/lib/use-on-demand';
import type { NavItem } from './types';

// The search itself loads on first use, not with the page (docs/benchmarks.md first load).
const fetchSearch = () => import('./navigation-search').then((module) => module.NavigationSearch);

/**
 * The toolbar's 'Search' button: opens the navigation search over the toolbar; closing it gives the focus back.
 * `items`: the navigation tree already pruned for the user (`usePrunedNavigation`).
 */
export function NavigationSearchButton({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [Search, load] = useOnDemand(fetchSearch);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <IconButton
        ref={button}
        aria-label={t('search.open')}
        title={t('search.open')}
        aria-expanded={open}
        onClick={() => load(() => setOpen(true))}
      >
        <SearchIcon />
      </IconButton>
      {open && Search && <Search items={items} onClose={close} />}
    </>
  );
}
