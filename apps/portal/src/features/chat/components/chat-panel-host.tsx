import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { i18n } from '@/shared/i18n/i18n';
import { showMessage } from '@/shared/toasts/toast-store';
import { closeChatPanel, useChatPanelStore } from '../lib/chat-panel-store';

export const loadChatPanel = () => import('./chat-panel');

// No answer: the network message, and the panel stays closed.
const ChatPanel = lazy<ComponentType>(() =>
  loadChatPanel().then(
    (module) => ({ default: module.ChatPanel }),
    () => ({ default: Unavailable }),
  ),
);

function Unavailable() {
  const open = useChatPanelStore((state) => state.open);
  useEffect(() => {
    if (!open) return;
    showMessage(i18n.t('auth.networkError'));
    closeChatPanel();
  }, [open]);
  return null;
}

/**
 * The chat panel's code, texts and MUI parts load the first time it opens; then it stays mounted so
 * that it can slide shut.
 */
export function ChatPanelHost() {
  const open = useChatPanelStore((state) => state.open);
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <ChatPanel />
    </Suspense>
  ) : null;
}
