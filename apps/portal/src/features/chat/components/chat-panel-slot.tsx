import { useChatParts } from '../lib/use-chat-parts';

/** The shell's right side panel: the team chat (SPEC §2), its host loaded after the first view. */
export function ChatPanelSlot() {
  const parts = useChatParts();
  return parts && <parts.ChatPanelHost />;
}
