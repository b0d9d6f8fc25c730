import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ChatContact } from '@reelcast/protocol';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { useSession } from '@/shared/session/session-store';
import { useChat } from '../api/get-chat';
import { useChatTexts } from '../lib/use-chat-texts';
import { ChatMessages } from './chat-messages';
import { ContactStatusIcon } from './contact-status-icon';
import { MessageForm } from './message-form';
import { TeamBadge, useContactName } from './team-badge';

/** The chosen contact's chat: who (with the Team mark for a team member) and their status in words, the messages, the input. */
export function ChatThread({ contact }: { contact: ChatContact }) {
  const t = useChatTexts();
  const nameOf = useContactName();
  const userId = useSession((state) => state.user?.id);
  const chat = useChat(contact.id);
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <Typography component="h3" variant="subtitle2" noWrap aria-label={nameOf(contact)} sx={{ fontWeight: 700 }}>
            {contact.name}
          </Typography>
          <TeamBadge contact={contact} />
        </Box>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <ContactStatusIcon status={contact.status} />
          {t(`statuses.${contact.status}`)}
        </Typography>
      </Box>
      {chat.isPending && <LinearProgress aria-label={t('messagesWith', { name: contact.name })} />}
      {chat.isError && (
        <Box sx={{ p: 1 }}>
          <LoadFailedAlert onRetry={() => void chat.refetch()}>{t('loadFailed')}</LoadFailedAlert>
        </Box>
      )}
      {chat.data && (
        <>
          <ChatMessages dialog={chat.data.dialog} contact={contact} userId={userId} />
          <MessageForm key={contact.id} chatId={chat.data.id} contactId={contact.id} />
        </>
      )}
    </Box>
  );
}
