import { z } from 'zod/mini';
import { decimalText, jsonId } from './integers.ts';
import { playerRole } from './auth.ts';
import { documented } from './meta.ts';

/**
 * Team chat (SPEC §2 Chat panel, §3 chat entities, §7 `/api/chat/*`). Who may talk to whom is the
 * platform's rule (docs/chat.md): a player's contacts are the operator's team; the team sees the players
 * who wrote to it and each other. Ids are the accounts' ids; a chat is the one conversation of two
 * accounts.
 *
 * @example
 * const { chat, userChatList } = getChatAnswer.parse(await api.get(`/api/chat/get-chat?contactId=3&userId=${me.id}`))
 */

/**
 * SPEC §3 presence. A user chooses one (choosing 'offline' appears offline); the others see that choice
 * while a socket of the user's is live, and 'offline' when none is.
 */
export const chatStatuses = ['online', 'do-not-disturb', 'away', 'offline'] as const;
export const chatStatus = z.enum(chatStatuses);
export type ChatStatus = z.infer<typeof chatStatus>;

/** Longest message, in characters after trimming (SPEC §5 says only "not empty"; docs/chat.md). */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;

const id = z.int().check(z.positive(), z.maximum(2_147_483_647));
const isoTime = documented(z.iso.datetime({ offset: true }), { description: 'ISO time' });

export const chatContact = z.object({
  id,
  name: z.string(),
  /** 'staff' or 'admin': a member of the operator's team (the panel marks them); 'user': a player. */
  role: playerRole,
  avatar: documented(z.string(), { description: 'Image URL; empty when the account has no photo' }),
  status: chatStatus,
  unread: documented(z.int().check(z.nonnegative()), { description: 'Messages from this contact the user has not read' }),
});
export type ChatContact = z.infer<typeof chatContact>;
export const chatContactList = z.array(chatContact);

export const chatListItem = z.object({
  chatId: id,
  contactId: id,
  lastMessageTime: z.nullable(isoTime),
});
export type ChatListItem = z.infer<typeof chatListItem>;
export const userChatList = z.array(chatListItem);

/** SPEC §3 chat user: the signed-in user as the chat sees them. */
export const chatUser = z.object({
  id,
  name: z.string(),
  avatar: z.string(),
  status: documented(chatStatus, { description: "The user's own chosen status" }),
  chatList: userChatList,
});
export type ChatUser = z.infer<typeof chatUser>;

/** POST /api/chat/user/data: the user's changes (only `status` is theirs to change; other fields are ignored). */
export const chatUserUpdate = z.object({
  status: chatStatus,
});
export type ChatUserUpdate = z.infer<typeof chatUserUpdate>;

export const chatMessage = z.object({
  id: documented(id, { description: 'Message id (ascending in a chat)' }),
  who: documented(id, { description: 'Account id of the sender' }),
  message: documented(z.string(), { description: 'Plain text: shown as text, never as HTML' }),
  time: isoTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const chat = z.object({
  id,
  dialog: z.array(chatMessage),
});
export type Chat = z.infer<typeof chat>;

/** GET /api/chat/get-chat: the chat of the user and one contact (created on first open); opening it marks it read. */
export const getChatQuery = z.object({
  contactId: decimalText(jsonId),
  userId: documented(decimalText(jsonId), {
    description: "The signed-in user's own id; any other answers 403",
  }),
});
export const getChatAnswer = z.object({ chat, userChatList });
export type GetChatAnswer = z.infer<typeof getChatAnswer>;

/** POST /api/chat/send-message. */
export const sendMessageRequest = z.strictObject({
  chatId: id,
  // Room for spaces around the text (trimmed on the server); the server counts the limit after trimming.
  messageText: documented(
    z.string().check(z.maxLength(CHAT_MESSAGE_MAX_LENGTH * 4, `The message is too long: at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)),
    {
      description: `Not empty or only spaces; at most ${CHAT_MESSAGE_MAX_LENGTH} characters after trimming`,
    },
  ),
  contactId: id,
  clientMessageId: documented(z.optional(z.string().check(z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/))), {
    description: 'Chosen by the client once per message: a retry with the same id sends nothing twice',
  }),
});
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;
export const sendMessageAnswer = z.object({ message: chatMessage, userChatList });
export type SendMessageAnswer = z.infer<typeof sendMessageAnswer>;

/** Notification socket push to every open tab of both people of a chat when a message is sent. */
export const chatMessagePush = z.object({
  chatId: id,
  /** The other person of the chat, seen from the receiver of the push. */
  contactId: id,
  message: chatMessage,
});
export type ChatMessagePush = z.infer<typeof chatMessagePush>;

/** Notification socket push when a contact's presence changes. */
export const chatStatusPush = z.object({ contactId: id, status: chatStatus });
export type ChatStatusPush = z.infer<typeof chatStatusPush>;

/** Notification socket push to the reader's other tabs when a chat was opened (read). */
export const chatReadPush = z.object({ chatId: id, contactId: id });
export type ChatReadPush = z.infer<typeof chatReadPush>;
