import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatUser, type ChatUser, type ChatUserUpdate } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';
import { chatUserQueryOptions } from './get-chat-user';

/** POST /api/chat/user/data: the user's own status (the one field of theirs to change); answers the updated chat user. */
export function updateChatUser(body: ChatUserUpdate): Promise<ChatUser> {
  return request('/api/chat/user/data', chatUser, { method: 'POST', body });
}

export function useUpdateChatStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['chat', 'user', 'update'],
    mutationFn: updateChatUser,
    onSuccess: (user) => queryClient.setQueryData(chatUserQueryOptions().queryKey, user),
  });
}
