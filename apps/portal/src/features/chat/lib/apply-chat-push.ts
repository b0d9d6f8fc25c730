import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessagePush, ChatReadPush, ChatStatusPush } from '@reelcast/protocol';
import { addCachedMessage, chatsQueryKey } from '../api/get-chat';
import { contactsQueryOptions, markContactRead, updateCachedContact } from '../api/get-contacts';
import { chatUserQueryOptions, touchCachedChatList } from '../api/get-chat-user';
import { getChatPanel } from './chat-panel-store';

/**
 * A message in one of the user's chats, theirs (from another tab) or the contact's. Into the open
 * chat it is appended (once: the send answer may have brought it already) and the chat is fetched
 * again, which marks it read on the server; otherwise a contact's message counts as unread. A contact
 * not in the list yet (a player writing to the team for the first time) comes with the list fetched again.
 */
export function applyChatMessagePush(queryClient: QueryClient, push: ChatMessagePush, userId: number | undefined): void {
  const { chatId, contactId, message } = push;
  touchCachedChatList(queryClient, { chatId, contactId, lastMessageTime: message.time });
  addCachedMessage(queryClient, contactId, message);
  if (message.who === userId) return;
  const panel = getChatPanel();
  if (panel.open && panel.contactId === contactId) {
    void queryClient.invalidateQueries({ queryKey: [...chatsQueryKey, contactId] });
    return;
  }
  const known = updateCachedContact(queryClient, contactId, (contact) => ({ ...contact, unread: contact.unread + 1 }));
  if (!known) fetchContactsAgain(queryClient);
}

/**
 * A contact's presence changed; the user's own (chosen in another tab) goes to their chat user. When
 * the list does not hold the contact yet (its first fetch still on its way, answered before the change),
 * the list is fetched again rather than left with the older answer.
 */
export function applyChatStatusPush(queryClient: QueryClient, { contactId, status }: ChatStatusPush, userId: number | undefined): void {
  if (contactId === userId) {
    queryClient.setQueryData(chatUserQueryOptions().queryKey, (user) => user && { ...user, status });
    return;
  }
  const known = updateCachedContact(queryClient, contactId, (contact) => ({ ...contact, status }));
  if (!known) fetchContactsAgain(queryClient);
}

/**
 * The contact list fetched again: a fetch still on its way (answered before the push) is cancelled
 * first, since an invalidation alone would wait for that older answer and keep it.
 */
function fetchContactsAgain(queryClient: QueryClient): void {
  const { queryKey } = contactsQueryOptions();
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
}

/** The user read this chat in another tab. */
export function applyChatReadPush(queryClient: QueryClient, { contactId }: ChatReadPush): void {
  markContactRead(queryClient, contactId);
}
