import { useCallback, useState, type ComponentType } from 'react';
import { i18n } from '@/shared/i18n/i18n';
import { showMessage } from '@/shared/toasts/toast-store';

/**
 * A component whose code is fetched the first time it is needed (a menu, a dialog), not with the
 * page. `load(then)` fetches it once and then calls `then`; a fetch that gets no answer shows the
 * network message instead of breaking the page.
 */
export function useOnDemand<P extends object>(fetchComponent: () => Promise<ComponentType<P>>) {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const load = useCallback(
    (then: () => void) => {
      if (Component) {
        then();
        return;
      }
      fetchComponent().then(
        (loaded) => {
          setComponent(() => loaded);
          then();
        },
        () => showMessage(i18n.t('auth.networkError')),
      );
    },
    [Component, fetchComponent],
  );
  return [Component, load] as const;
}
