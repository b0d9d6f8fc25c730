import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { loadUntilLoaded } from '@/shared/lib/load-until-loaded';
import { useToastStore } from './toast-store';

const fetchToastBar = () => import('./toast-bar');

/**
 * Shows the current toast (toast-bar.tsx). Its Snackbar's code is fetched after the first view
 * (`pageShown`, then the page's queries), or by the first toast if that comes sooner: the first paint
 * does not wait for it, and a later network error still has it at hand. A fetch that fails (offline) is
 * tried again (`loadUntilLoaded`); the toasts wait in their store meanwhile, and the page is untouched.
 */
export function Toaster({ pageShown }: { pageShown?: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const shown = useToastStore((state) => state.toasts.length > 0);
  const [ToastBar, setToastBar] = useState<ComponentType | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  const load = useCallback(() => {
    loading.current ??= loadUntilLoaded(fetchToastBar, () => stopped.current).then((loaded) => {
      // Not once the toaster is gone (its page closed, or a test's document torn down meanwhile).
      if (loaded && !stopped.current) setToastBar(() => loaded.ToastBar);
    });
  }, []);
  useEffect(() => {
    stopped.current = false;
    void afterFirstView(queryClient, pageShown).then(load);
    return () => {
      stopped.current = true;
    };
  }, [queryClient, pageShown, load]);
  useEffect(() => {
    if (shown) load();
  }, [shown, load]);
  return shown && ToastBar ? <ToastBar /> : null;
}
