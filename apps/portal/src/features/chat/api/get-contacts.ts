import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { chatContactList, type ChatContact } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { useSession } from '@/shared/session/session-store';

/** GET /api/chat/contacts: whom the user may write to (docs/chat.md), each with status and unread count. */
export function getContacts({ signal }: { signal?: AbortSignal } = {}): Promise<ChatContact[]> {
  return request('/api/chat/contacts', chatContactList, { signal });
}

// Kept fresh by the notification socket's chat pushes (app/notification-listeners.ts), fetched again when it reconnects.
export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: ['chat', 'contacts'] as const,
    queryFn: getContacts,
    staleTime: Infinity,
  });

export function useContacts() {
  const signedIn = useSession((state) => state.status === 'authenticated');
  return useQuery({ ...contactsQueryOptions(), enabled: signedIn });
}

/**
 * Changes one contact in the cached list (a push, a chat opened). False when the list is not cached or
 * does not hold that contact: the caller decides whether to fetch it.
 */
export function updateCachedContact(queryClient: QueryClient, contactId: number, change: (contact: ChatContact) => ChatContact): boolean {
  let found = false;
  queryClient.setQueryData(contactsQueryOptions().queryKey, (contacts) =>
    contacts?.map((contact) => {
      if (contact.id !== contactId) return contact;
      found = true;
      return change(contact);
    }),
  );
  return found;
}

/** The user has read everything from this contact (the chat was opened here or in another tab). */
export const markContactRead = (queryClient: QueryClient, contactId: number) =>
  void updateCachedContact(queryClient, contactId, (contact) => (contact.unread === 0 ? contact : { ...contact, unread: 0 }));
