import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSession } from '@/shared/session/session-store';
import { afterFirstView } from './after-first-view';

/**
 * A hook giving a part of the shell that a signed-in user needs only after the first page is on screen
 * with its data (the chat's button and panel, the quick panel): `load` is asked once, then, and the
 * hook answers null until it has arrived and for a guest. A failed fetch is asked again on the next mount.
 *
 * @example
 * export const useChatParts = afterFirstViewModule(() => import('../components/chat-parts'));
 */
export function afterFirstViewModule<T>(load: () => Promise<T>): () => T | null {
  let module: Promise<T> | undefined;
  const loadOnce = (queryClient: QueryClient): Promise<T> => {
    module ??= afterFirstView(queryClient).then(load);
    module.catch(() => {
      module = undefined;
    });
    return module;
  };

  return function useAfterFirstViewModule(): T | null {
    const queryClient = useQueryClient();
    const signedIn = useSession((state) => state.status === 'authenticated');
    const [loaded, setLoaded] = useState<T | null>(null);
    useEffect(() => {
      if (!signedIn || loaded) return;
      let live = true;
      loadOnce(queryClient).then(
        (parts) => {
          if (live) setLoaded(() => parts);
        },
        () => {},
      );
      return () => {
        live = false;
      };
    }, [signedIn, loaded, queryClient]);
    return signedIn ? loaded : null;
  };
}
