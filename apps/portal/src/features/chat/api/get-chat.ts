import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getChatAnswer, type Chat, type ChatMessage, type GetChatAnswer } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/session-store';
import { markContactRead } from './get-contacts';
import { setCachedChatList } from './get-chat-user';

/** GET /api/chat/get-chat: the chat of the user and one contact (created on first open); opening it marks it read. */
export function getChat(contactId: number, userId: number, { signal }: { signal?: AbortSignal } = {}): Promise<GetChatAnswer> {
  const query = new URLSearchParams({ contactId: String(contactId), userId: String(userId) });
  return request(`/api/chat/get-chat?${query}`, getChatAnswer, { signal });
}

/**
 * The chat with one contact. Its answer's chat list goes to the chat user's cache and the contact's
 * unread count to zero (the server marked the chat read): each piece of server data lives once.
 */
export const chatQueryOptions = (contactId: number, userId: number) =>
  queryOptions({
    queryKey: ['chat', 'chat', contactId, userId] as const,
    queryFn: async ({ signal, client }): Promise<Chat> => {
      const { chat, userChatList } = await getChat(contactId, userId, { signal });
      setCachedChatList(client, userChatList);
      markContactRead(client, contactId);
      return chat;
    },
    staleTime: Infinity,
  });

/** Every cached chat (the panel shows one; closing it drops them). */
export const chatsQueryKey = ['chat', 'chat'] as const;

export function useChat(contactId: number | null) {
  const userId = useSession((state) => state.user?.id ?? 0);
  return useQuery({ ...chatQueryOptions(contactId ?? 0, userId), enabled: contactId !== null && userId > 0 });
}

/**
 * A message into the cached chat with `contactId`, in id order, once: the send answer and the push of
 * the same message meet here.
 */
export function addCachedMessage(queryClient: QueryClient, contactId: number, message: ChatMessage): void {
  queryClient.setQueriesData<Chat>({ queryKey: [...chatsQueryKey, contactId] }, (chat) => {
    if (!chat || chat.dialog.some((known) => known.id === message.id)) return chat;
    const dialog = [...chat.dialog, message].sort((a, b) => a.id - b.id);
    return { ...chat, dialog };
  });
}
