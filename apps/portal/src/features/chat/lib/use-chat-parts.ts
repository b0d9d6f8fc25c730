import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { useSession } from '@/shared/session/session-store';
import type * as ChatPartsModule from '../components/chat-parts';

type ChatParts = typeof ChatPartsModule;

let parts: Promise<ChatParts> | undefined;

/** The chat's code, asked for once, after the first page is on screen with its data. */
function loadParts(queryClient: QueryClient): Promise<ChatParts> {
  parts ??= afterFirstView(queryClient).then(() => import('../components/chat-parts'));
  // A failed fetch is asked again on the next mount.
  parts.catch(() => {
    parts = undefined;
  });
  return parts;
}

/**
 * The chat's toolbar button and panel host (components/chat-parts.ts) for a signed-in user, null until
 * they have loaded: nothing of the chat is needed for a page's first paint.
 */
export function useChatParts(): ChatParts | null {
  const queryClient = useQueryClient();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const [loaded, setLoaded] = useState<ChatParts | null>(null);
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
