import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { chatsQueryKey } from '../api/get-chat';
import { useContacts } from '../api/get-contacts';
import { chatPanelId, closeChatPanel, selectChatContact, useChatPanelStore } from '../lib/chat-panel-store';
import { useChatTexts } from '../lib/use-chat-texts';
import { ChatThread } from './chat-thread';
import { ContactList } from './contact-list';
import { MyStatusSelect } from './my-status-select';

/** SPEC §9 chat panel width. */
const PANEL_WIDTH = 360;

/**
 * SPEC §2 chat panel, 'Team Chat': the contact column and the chosen contact's chat. A modal dialog
 * from the end side (MUI's Drawer flips `right` under right-to-left): focus moves in, Esc or a click
 * outside closes it and focus goes back to the button that opened it. Closing clears the chosen
 * contact and drops the chat from the cache: opening it again fetches it, which marks it read.
 */
export function ChatPanel() {
  const t = useChatTexts();
  const titleId = useId();
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
    <Drawer
      anchor="right"
      open={open}
      onClose={close}
      slotProps={{
        paper: {
          id: chatPanelId,
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: PANEL_WIDTH, maxWidth: '100vw', backgroundImage: 'none', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flex: 1, fontWeight: 700 }}>
          {t('title')}
        </Typography>
        <MyStatusSelect />
        <IconButton aria-label={t('close')} onClick={close} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {contacts.isPending && <LinearProgress aria-label={t('contacts')} />}
      <Box sx={{ flex: 1, minHeight: 0, display: 'flex' }}>
        {contacts.data && contacts.data.length > 0 && (
          <ContactList contacts={contacts.data} selectedId={contact ? contact.id : null} onSelect={selectChatContact} />
        )}
        {contact ? <ChatThread contact={contact} /> : empty(contacts.data?.length === 0 ? t('noContacts') : t('selectContact'))}
      </Box>
    </Drawer>
  );
}
