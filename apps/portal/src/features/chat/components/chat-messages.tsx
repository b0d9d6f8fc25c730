import { memo, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ChatContact, ChatMessage } from '@reelcast/protocol';
import { formatDateTime, formatTime } from '@/shared/lib/format';
import { useChatTexts } from '../lib/use-chat-texts';

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * A chat's messages (SPEC §3: who, message, time), oldest first, the user's own on the end side. A
 * log: a screen reader reads out what arrives. The text is React text, never HTML.
 */
export function ChatMessages({
  dialog,
  contact,
  userId,
}: {
  dialog: readonly ChatMessage[];
  contact: ChatContact;
  userId: number | undefined;
}) {
  const t = useChatTexts();
  const end = useRef<HTMLDivElement>(null);
  const last = dialog.at(-1)?.id;
  // The newest message in view when one arrives.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  const today = new Date();
  return (
    <Box
      role="log"
      aria-label={t('messagesWith', { name: contact.name })}
      tabIndex={0}
      sx={{
        flex: 1,
        minHeight: 0,
        overflowY: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        p: 1.5,
        outline: 'none',
        '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` },
      }}
    >
      {dialog.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ m: 'auto', textAlign: 'center', px: 1 }}>
          {t('startConversation')}
        </Typography>
      )}
      {dialog.map((message) => {
        const mine = message.who === userId;
        const time = new Date(message.time);
        return (
          <MessageBubble
            key={message.id}
            message={message}
            mine={mine}
            author={mine ? t('you') : contact.name}
            timeLabel={sameDay(time, today) ? formatTime(time) : formatDateTime(time)}
          />
        );
      })}
      <div ref={end} />
    </Box>
  );
}

/**
 * One message. Memoised: a message arriving renders its own bubble, not every bubble of the chat again
 * (the cache keeps the other messages' objects as they were).
 */
const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  author,
  timeLabel,
}: {
  message: ChatMessage;
  mine: boolean;
  author: string;
  timeLabel: string;
}) {
  return (
    <Box
      data-testid="chat-message"
      sx={{
        alignSelf: mine ? 'flex-end' : 'flex-start',
        maxWidth: '85%',
        px: 1.25,
        py: 0.75,
        borderRadius: 2,
        bgcolor: mine ? 'primary.main' : 'action.selected',
        color: mine ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography component="p" variant="caption" sx={{ fontWeight: 700, display: 'block' }}>
        {author}
      </Typography>
      <Typography component="p" variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 }}>
        {message.message}
      </Typography>
      <Typography component="time" variant="caption" dateTime={message.time} sx={{ display: 'block', textAlign: 'end', opacity: 0.85 }}>
        {timeLabel}
      </Typography>
    </Box>
  );
});
