import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useRightPanelShown } from '@/shared/shell-settings/use-right-panel-shown';
import { useContacts } from '../api/get-contacts';
import { chatPanelId, openChatPanel, useChatPanelStore } from '../lib/chat-panel-store';
import { useChatTexts } from '../lib/use-chat-texts';
import { loadChatPanel } from './chat-panel-host';

/**
 * The toolbar's 'Team Chat' button with the unread messages of every contact. It opens the chat panel,
 * which lives in the right side panel: where that panel is off, so is the button.
 */
export function ChatButton() {
  const t = useChatTexts();
  const contacts = useContacts();
  const open = useChatPanelStore((state) => state.open);
  const shown = useRightPanelShown();
  if (!shown) return null;
  const unread = contacts.data?.reduce((sum, contact) => sum + contact.unread, 0) ?? 0;
  return (
    // A native hint: MUI's Tooltip would bring Popper along.
    <IconButton
      aria-label={unread > 0 ? t('titleWithUnread', { count: unread }) : t('title')}
      title={t('title')}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? chatPanelId : undefined}
      onClick={openChatPanel}
      onPointerEnter={() => void loadChatPanel().catch(() => {})}
    >
      {/* No badge at all without unread messages: MUI keeps an invisible badge's last number in the
          button's text, which its name does not contain (axe label-content-name-mismatch). */}
      {unread > 0 ? (
        <Badge badgeContent={unread} max={99} color="error">
          <ForumOutlined />
        </Badge>
      ) : (
        <ForumOutlined />
      )}
    </IconButton>
  );
}
