import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { useToastStore } from './toast-store';

const fetchToastBar = () => import('./toast-bar');
const ToastBar = lazy(async () => ({ default: (await fetchToastBar()).ToastBar }));

/**
 * Shows the current toast (toast-bar.tsx). Its Snackbar's code is fetched after the first view
 * (`pageShown`, then the page's queries), or by the first toast if that comes sooner: the first paint
 * does not wait for it, and a later network error still has it at hand.
 */
export function Toaster({ pageShown }: { pageShown?: () => Promise<void> }) {
  const queryClient = useQueryClient();
  const shown = useToastStore((state) => state.toasts.length > 0);
  useEffect(() => {
    void afterFirstView(queryClient, pageShown).then(fetchToastBar);
  }, [queryClient, pageShown]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ToastBar />
    </Suspense>
  );
}
