import { lazy, Suspense } from 'react';
import { useShellSettings } from '@/shared/shell-settings/shell-settings';
import { useIsMobile } from '../lib/use-is-mobile';
import { NavigationSearchButton } from './navigation-search-button';
import type { NavItem } from './types';

// layout3's search field: loaded when that layout is chosen.
const InlineNavigationSearch = lazy(() =>
  import('./inline-navigation-search').then((module) => ({ default: module.InlineNavigationSearch })),
);

/**
 * The toolbar's navigation search: a field in the toolbar in layout3 on large screens (SHELL.md
 * horizontal compact), else the 'Search' button that opens it over the toolbar.
 * `items`: the navigation tree already pruned for the user.
 */
export function ToolbarSearch({ items }: { items: readonly NavItem[] }) {
  const compact = useShellSettings((settings) => settings.layout.style === 'layout3');
  const isMobile = useIsMobile();
  if (!compact || isMobile) return <NavigationSearchButton items={items} />;
  return (
    <Suspense fallback={null}>
      <InlineNavigationSearch items={items} />
    </Suspense>
  );
}
