import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { i18n } from '@/shared/i18n/i18n';
import { showMessage } from '@/shared/toasts/toast-store';
import { closeQuickPanel, useQuickPanelStore } from '../lib/quick-panel-store';

export const loadQuickPanel = () => import('./quick-panel');

// No answer: the network message, and the panel stays closed.
const QuickPanel = lazy<ComponentType>(() =>
  loadQuickPanel().then(
    (module) => ({ default: module.QuickPanel }),
    () => ({ default: Unavailable }),
  ),
);

function Unavailable() {
  const open = useQuickPanelStore((state) => state.open);
  useEffect(() => {
    if (!open) return;
    showMessage(i18n.t('auth.networkError'));
    closeQuickPanel();
  }, [open]);
  return null;
}

/** The quick panel's code loads the first time it opens; then it stays mounted so that it can slide shut. */
export function QuickPanelHost() {
  const open = useQuickPanelStore((state) => state.open);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <QuickPanel />
    </Suspense>
  ) : null;
}
