import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { SidePanel } from '@/shared/components/side-panel';
import { useSettings } from '@/shared/config/settings';
import { chatsQueryKey } from '../api/get-chat';
import { useContacts } from '../api/get-contacts';
import { chatPanelId, closeChatPanel, selectChatContact, useChatPanelStore } from '../lib/chat-panel-store';
import { useChatTexts } from '../lib/use-chat-texts';
import { ChatLanguageSelect } from './chat-language-select';
import { ChatThread } from './chat-thread';
import { ContactList } from './contact-list';
import { MyStatusSelect } from './my-status-select';

/** SPEC §9 chat panel width. */
const PANEL_WIDTH = 360;

/**
 * SPEC §2 chat panel, 'Team Chat': the contact column and the chosen contact's chat, in a side panel,
 * with SPEC §9's language list of the chat (Turkish and English, as the login's simpler switcher) while
 * Settings.json `languageSelect` is on. Closing clears the chosen contact and drops the chat from the
 * cache: opening it again fetches it, which marks it read.
 */
export function ChatPanel() {
  const t = useChatTexts();
  const { languageSelect } = useSettings();
  const queryClient = useQueryClient();
  const open = useChatPanelStore((state) => state.open);
  const contactId = useChatPanelStore((state) => state.contactId);
  const contacts = useContacts();
  const contact = contacts.data?.find((candidate) => candidate.id === contactId);
  const close = () => {
    closeChatPanel();
    queryClient.removeQueries({ queryKey: chatsQueryKey });
  };
  const empty = (text: string) => (
    <Typography variant="body2" color="text.secondary" sx={{ m: 'auto', p: 2, textAlign: 'center' }}>
      {text}
    </Typography>
  );
  return (
    <SidePanel
      id={chatPanelId}
      open={open}
      onClose={close}
      title={t('title')}
      closeLabel={t('close')}
      width={PANEL_WIDTH}
      actions={<MyStatusSelect />}
    >
      {languageSelect && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
          <ChatLanguageSelect />
        </Box>
      )}
      {contacts.isPending && <LinearProgress aria-label={t('contacts')} />}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        {contacts.data && contacts.data.length > 0 && (
          <ContactList contacts={contacts.data} selectedId={contact ? contact.id : null} onSelect={selectChatContact} />
        )}
        {contact ? <ChatThread contact={contact} /> : empty(contacts.data?.length === 0 ? t('noContacts') : t('selectContact'))}
      </Box>
    </SidePanel>
  );
}
