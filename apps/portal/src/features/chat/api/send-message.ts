import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMessageAnswer, type SendMessageAnswer, type SendMessageRequest } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { NetworkError } from '@/shared/api/api-error';
import { addCachedMessage } from './get-chat';
import { setCachedChatList } from './get-chat-user';

/** POST /api/chat/send-message: answers the stored message and the sender's chat list. */
export function sendMessage(body: SendMessageRequest): Promise<SendMessageAnswer> {
  return request('/api/chat/send-message', sendMessageAnswer, { method: 'POST', body });
}

/**
 * SPEC §4: sending appends the returned message to the chat and updates the chat list. A send that got
 * no answer is tried again with the same body, its `clientMessageId` included: the server stores it once.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'send'],
    mutationFn: sendMessage,
    retry: (failures, error) => error instanceof NetworkError && failures < 2,
    onSuccess: ({ message, userChatList }, { contactId }) => {
      addCachedMessage(queryClient, contactId, message);
      setCachedChatList(queryClient, userChatList);
    },
  });
}
