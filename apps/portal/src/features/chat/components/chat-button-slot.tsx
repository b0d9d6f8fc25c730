import { IconPlace } from '@/shared/components/icon-place';
import { useSession } from '@/shared/session/session-store';
import { useRightPanelShown } from '@/shared/shell-settings/use-right-panel-shown';
import { useChatParts } from '../lib/use-chat-parts';

/** Where the toolbar's 'Team Chat' button goes; it comes with its unread count after the first view, its room kept meanwhile. */
export function ChatButtonSlot() {
  const parts = useChatParts();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const panelShown = useRightPanelShown();
  if (parts) return <parts.ChatButton />;
  return signedIn && panelShown && <IconPlace />;
}
