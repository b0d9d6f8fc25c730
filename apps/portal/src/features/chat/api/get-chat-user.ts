import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { chatUser, type ChatListItem, type ChatUser } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/chat/user: the user as the chat sees them (SPEC §3 chat user): their own status and chat list. */
export function getChatUser({ signal }: { signal?: AbortSignal } = {}): Promise<ChatUser> {
  return request('/api/chat/user', chatUser, { signal });
}

export const chatUserQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'user'] as const,
    queryFn: getChatUser,
    staleTime: Infinity,
  });

export const useChatUser = () => useQuery(chatUserQueryOptions());

/** The chat list an answer carried (get-chat, send-message) replaces the cached one. */
export function setCachedChatList(queryClient: QueryClient, chatList: ChatListItem[]): void {
  queryClient.setQueryData(chatUserQueryOptions().queryKey, (user) => user && { ...user, chatList });
}

/** A message pushed in a chat: that chat's last message time, the chat added when it is new to the list. */
export function touchCachedChatList(queryClient: QueryClient, item: ChatListItem): void {
  queryClient.setQueryData(chatUserQueryOptions().queryKey, (user) => {
    if (!user) return user;
    const known = user.chatList.some((chat) => chat.chatId === item.chatId);
    const chatList = known
      ? user.chatList.map((chat) => (chat.chatId === item.chatId ? { ...chat, ...item } : chat))
      : [...user.chatList, item];
    return { ...user, chatList };
  });
}
