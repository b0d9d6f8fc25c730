import { useEffect, useState, type ComponentType } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { IconPlace } from '@/shared/components/icon-place';
import { useToolbarFold } from '@/shared/components/toolbar-fold';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { useSession } from '@/shared/session/session-store';
import type { NavItem } from '../navigation/types';
import { useShortcutPages } from './shortcut-pages';

type Bar = ComponentType<{ items: readonly NavItem[] }>;

let bar: Promise<Bar> | undefined;

/** The bar's code, asked for once, after the first page is on screen with its data (the toast bar's way). */
function loadBar(queryClient: QueryClient): Promise<Bar> {
  bar ??= afterFirstView(queryClient)
    .then(() => import('./shortcut-bar'))
    .then((module) => module.ShortcutBar);
  // A failed fetch is asked again on the next mount.
  bar.catch(() => {
    bar = undefined;
  });
  return bar;
}

/**
 * Where the shortcut bar goes in the toolbar (SPEC §2). The shortcuts are not needed for a page's first
 * paint: the bar comes in its own chunk once the page is shown, for a signed-in user only.
 */
export function ShortcutBarSlot({ items }: { items: readonly NavItem[] }) {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [Loaded, setLoaded] = useState<Bar | null>(null);
  const links = useShortcutPages(items).length;
  const linksShown = ['none', 'tools'].includes(useToolbarFold());
  useEffect(() => {
    if (!signedIn || Loaded) return;
    let live = true;
    loadBar(queryClient).then(
      (component) => {
        if (live) setLoaded(() => component);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [signedIn, Loaded, queryClient]);
  if (Loaded) return <Loaded items={items} />;
  // The room of the star and of the links the bar will show is kept until it comes.
  return signedIn && <IconPlace count={1 + (linksShown ? links : 0)} />;
}
