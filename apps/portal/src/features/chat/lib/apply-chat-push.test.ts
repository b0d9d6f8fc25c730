import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { ChatContact, ChatMessage, ChatUser } from '@reelcast/protocol';
import { chatQueryOptions } from '../api/get-chat';
import { chatUserQueryOptions } from '../api/get-chat-user';
import { contactsQueryOptions } from '../api/get-contacts';
import { applyChatMessagePush, applyChatReadPush, applyChatStatusPush } from './apply-chat-push';
import { closeChatPanel, openChatPanel, selectChatContact } from './chat-panel-store';

const me = 7;
const message = (id: number, who: number, text = 'Hello'): ChatMessage => ({
  id,
  who,
  message: text,
  time: `2025-03-04T10:11:${10 + id}.000Z`,
});

/** A query client holding the contacts, the chat user and the chat with contact 3, as the panel leaves them. */
function cached() {
  const queryClient = new QueryClient();
  const contacts: ChatContact[] = [
    { id: 3, name: 'Selin Support', role: 'staff', avatar: '', status: 'online', unread: 0 },
    { id: 4, name: 'Admin Ali', role: 'admin', avatar: '', status: 'away', unread: 2 },
  ];
  const user: ChatUser = {
    id: me,
    name: 'Deniz',
    avatar: '',
    status: 'online',
    chatList: [{ chatId: 11, contactId: 3, lastMessageTime: null }],
  };
  queryClient.setQueryData(contactsQueryOptions().queryKey, contacts);
  queryClient.setQueryData(chatUserQueryOptions().queryKey, user);
  queryClient.setQueryData(chatQueryOptions(3, me).queryKey, { id: 11, dialog: [message(1, 3), message(2, me)] });
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return {
    queryClient,
    invalidated,
    contacts: () => queryClient.getQueryData(contactsQueryOptions().queryKey),
    user: () => queryClient.getQueryData(chatUserQueryOptions().queryKey),
    dialog: () => queryClient.getQueryData(chatQueryOptions(3, me).queryKey)?.dialog.map((shown) => shown.id),
  };
}

afterEach(() => closeChatPanel());

describe('chat pushes into the query cache', () => {
  it("a contact's message in a chat not on screen counts as unread and moves the chat list", () => {
    const cache = cached();
    applyChatMessagePush(cache.queryClient, { chatId: 12, contactId: 4, message: message(5, 4) }, me);
    expect(cache.contacts()?.map((contact) => contact.unread)).toEqual([0, 3]);
    expect(cache.user()?.chatList).toEqual([
      { chatId: 11, contactId: 3, lastMessageTime: null },
      { chatId: 12, contactId: 4, lastMessageTime: message(5, 4).time },
    ]);
    expect(cache.invalidated).not.toHaveBeenCalled();
  });

  it('a message into the open chat is appended once (the send answer may have brought it) and the chat fetched again to mark it read', () => {
    const cache = cached();
    selectChatContact(3);
    applyChatMessagePush(cache.queryClient, { chatId: 11, contactId: 3, message: message(3, 3) }, me);
    applyChatMessagePush(cache.queryClient, { chatId: 11, contactId: 3, message: message(3, 3) }, me);
    expect(cache.dialog()).toEqual([1, 2, 3]);
    expect(cache.contacts()?.[0]?.unread).toBe(0);
    expect(cache.invalidated).toHaveBeenCalledWith({ queryKey: ['chat', 'chat', 3] });
    expect(cache.user()?.chatList).toEqual([{ chatId: 11, contactId: 3, lastMessageTime: message(3, 3).time }]);
  });

  it("the user's own message from another tab is appended, in id order, and is never unread", () => {
    const cache = cached();
    openChatPanel();
    applyChatMessagePush(cache.queryClient, { chatId: 11, contactId: 3, message: message(4, me) }, me);
    applyChatMessagePush(cache.queryClient, { chatId: 11, contactId: 3, message: message(3, 3) }, me);
    expect(cache.dialog()).toEqual([1, 2, 3, 4]);
    // Contact 3's message while the panel shows no chat: unread.
    expect(cache.contacts()?.map((contact) => contact.unread)).toEqual([1, 2]);
  });

  it('a message from someone not in the contact list yet (a player writing to the team) fetches the list again', async () => {
    const cache = cached();
    applyChatMessagePush(cache.queryClient, { chatId: 20, contactId: 9, message: message(1, 9) }, me);
    await vi.waitFor(() => expect(cache.invalidated).toHaveBeenCalledWith({ queryKey: ['chat', 'contacts'] }));
    expect(cache.contacts()).toHaveLength(2);
  });

  it("a status push changes the contact's status, the user's own goes to their chat user", () => {
    const cache = cached();
    applyChatStatusPush(cache.queryClient, { contactId: 3, status: 'do-not-disturb' }, me);
    applyChatStatusPush(cache.queryClient, { contactId: me, status: 'away' }, me);
    expect(cache.contacts()?.map((contact) => contact.status)).toEqual(['do-not-disturb', 'away']);
    expect(cache.user()?.status).toBe('away');
  });

  it("a read push (the chat opened in another tab) clears that contact's unread count", () => {
    const cache = cached();
    applyChatReadPush(cache.queryClient, { chatId: 12, contactId: 4 });
    expect(cache.contacts()?.map((contact) => contact.unread)).toEqual([0, 0]);
  });

  it('a status push while the contacts are still on their way fetches them again: the answer from before it is not kept', async () => {
    const queryClient = new QueryClient();
    const answers = [
      [{ id: 3, name: 'Selin Support', role: 'staff', avatar: '', status: 'offline', unread: 0 }],
      [{ id: 3, name: 'Selin Support', role: 'staff', avatar: '', status: 'online', unread: 0 }],
    ] as ChatContact[][];
    let release = () => {};
    const queryFn = vi.fn(async () => {
      const answer = answers[queryFn.mock.calls.length - 1]!;
      // The first answer is the server's from before the push, and arrives after it.
      if (queryFn.mock.calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return answer;
    });
    const observer = new QueryObserver(queryClient, { queryKey: contactsQueryOptions().queryKey, queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    applyChatStatusPush(queryClient, { contactId: 3, status: 'online' }, me);
    release();
    await vi.waitFor(() => expect(queryClient.getQueryData<ChatContact[]>(contactsQueryOptions().queryKey)?.[0]?.status).toBe('online'));
    expect(queryFn).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('changes nothing that is not cached', () => {
    const queryClient = new QueryClient();
    applyChatMessagePush(queryClient, { chatId: 11, contactId: 3, message: message(1, 3) }, me);
    applyChatStatusPush(queryClient, { contactId: 3, status: 'away' }, me);
    applyChatReadPush(queryClient, { chatId: 11, contactId: 3 });
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    ).toEqual([]);
  });
});
