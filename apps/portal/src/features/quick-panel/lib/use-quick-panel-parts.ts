import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { useSession } from '@/shared/session/session-store';
import type * as QuickPanelPartsModule from '../components/quick-panel-parts';

type QuickPanelParts = typeof QuickPanelPartsModule;

let parts: Promise<QuickPanelParts> | undefined;

/** The quick panel's code, asked for once, after the first page is on screen with its data. */
function loadParts(queryClient: QueryClient): Promise<QuickPanelParts> {
  parts ??= afterFirstView(queryClient).then(() => import('../components/quick-panel-parts'));
  // A failed fetch is asked again on the next mount.
  parts.catch(() => {
    parts = undefined;
  });
  return parts;
}

/**
 * The quick panel's toolbar button and drawer host (components/quick-panel-parts.ts) for a signed-in
 * user, null until they have loaded: nothing of the panel is needed for a page's first paint.
 */
export function useQuickPanelParts(): QuickPanelParts | null {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [loaded, setLoaded] = useState<QuickPanelParts | null>(null);
  useEffect(() => {
    if (!signedIn || loaded) return;
    let live = true;
    loadParts(queryClient).then(
      (module) => {
        if (live) setLoaded(module);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [signedIn, loaded, queryClient]);
  return signedIn ? loaded : null;
}
