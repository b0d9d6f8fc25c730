import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import SendIcon from '@mui/icons-material/Send';
import { CHAT_MESSAGE_MAX_LENGTH } from '@reelcast/protocol';
import { useSendMessage } from '../api/send-message';
import { newClientMessageId } from '../lib/client-message-id';
import { useChatTexts } from '../lib/use-chat-texts';

/**
 * 'Type your message' and Send (SPEC §2, §5: not empty). Enter sends, Shift+Enter starts a new line.
 * A message that failed keeps its client message id: sending the same text again cannot store it twice.
 */
export function MessageForm({ chatId, contactId }: { chatId: number; contactId: number }) {
  const t = useChatTexts();
  const [text, setText] = useState('');
  const attempt = useRef<{ text: string; clientMessageId: string } | null>(null);
  const send = useSendMessage();
  const messageText = text.trim();
  const tooLong = messageText.length > CHAT_MESSAGE_MAX_LENGTH;
  const canSend = messageText.length > 0 && !tooLong && !send.isPending;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const clientMessageId = attempt.current?.text === messageText ? attempt.current.clientMessageId : newClientMessageId();
    attempt.current = { text: messageText, clientMessageId };
    send.mutate(
      { chatId, contactId, messageText, clientMessageId },
      {
        onSuccess: () => {
          attempt.current = null;
          // What was typed while it went out stays.
          setText((current) => (current.trim() === messageText ? '' : current));
        },
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5, p: 1, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('typeMessage')}
        multiline
        maxRows={4}
        size="small"
        fullWidth
        autoFocus
        error={tooLong}
        helperText={tooLong ? t('tooLong', { max: CHAT_MESSAGE_MAX_LENGTH }) : undefined}
        slotProps={{ htmlInput: { 'aria-label': t('typeMessage') } }}
      />
      <IconButton type="submit" aria-label={t('send')} disabled={!canSend} color="primary" sx={{ mb: tooLong ? 3 : 0 }}>
        <SendIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />
      </IconButton>
    </Box>
  );
}
