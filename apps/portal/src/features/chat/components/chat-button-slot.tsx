import { useChatParts } from '../lib/use-chat-parts';

/** Where the toolbar's 'Team Chat' button goes; it comes with its unread count after the first view. */
export function ChatButtonSlot() {
  const parts = useChatParts();
  return parts && <parts.ChatButton />;
}
