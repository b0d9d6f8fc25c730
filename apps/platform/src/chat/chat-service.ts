import { and, desc, eq, or, sql } from 'drizzle-orm';
import type {
  ChatContact,
  ChatListItem,
  ChatMessage,
  ChatStatus,
  ChatUser,
  GetChatAnswer,
  SendMessageAnswer,
  SendMessageRequest,
} from '@reelcast/protocol';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/index.ts';
import { chatMessages, chatReads, chats } from '../db/schema.ts';
import type { Player, PlayersService } from '../players/index.ts';
import { type Clock, invalidRequest, notFound } from '../shared/index.ts';
import { isTeam, mayTalk } from './chat-access.ts';
import { ChatPresence, defaultPresenceTiming, type PresenceTiming } from './chat-presence.ts';
import { messageText } from './message-text.ts';

/** The latest messages a chat answers with (older ones stay stored). */
export const CHAT_DIALOG_LIMIT = 500;

/** Where the chat learns who people are. */
export type ChatDirectory = Pick<PlayersService, 'byIds' | 'team' | 'userData'>;

type MessageRow = typeof chatMessages.$inferSelect;

/** One chat of a user, as seen by them. */
interface ChatRow {
  chatId: number;
  contactId: number;
  lastMessageAt: Date | null;
  /** Messages from the contact after the user's read mark. */
  unread: number;
  /** The chat holds a message from the contact. */
  heard: boolean;
}

/** A user, the people they may talk to, and their chats with those people. */
interface Circle {
  me: Player;
  contacts: Player[];
  chats: ChatRow[];
}

const notAContact = () => notFound('No such contact.');
const notAChat = () => notFound('No such chat.');

/**
 * Team chat (docs/chat.md): who may talk to whom (chat-access.ts), chats and their messages, read
 * marks and unread counts, presence (chat-presence.ts), and the pushes of the notification socket
 * through the bus. A contact or chat the user may not reach is answered exactly like one that does
 * not exist.
 */
export class ChatService {
  readonly presence: ChatPresence;
  readonly #db: Db;
  readonly #bus: Bus;
  readonly #people: ChatDirectory;
  readonly #now: Clock;

  constructor(deps: { db: Db; bus: Bus; people: ChatDirectory; clock: Clock; presenceTiming?: PresenceTiming }) {
    this.#db = deps.db;
    this.#bus = deps.bus;
    this.#people = deps.people;
    this.#now = deps.clock;
    this.presence = new ChatPresence(
      deps.db,
      (playerId, status) => this.#announce(playerId, status),
      deps.presenceTiming ?? defaultPresenceTiming,
    );
  }

  /** GET /api/chat/contacts: the people the user may talk to, with what they see of each. */
  async contacts(userId: number): Promise<ChatContact[]> {
    const { contacts, chats: mine } = await this.#circle(userId);
    const unread = new Map(mine.map((chat) => [chat.contactId, chat.unread]));
    const seen = await this.presence.seen(contacts.map((c) => c.id));
    return contacts.map((contact) => ({
      id: contact.id,
      name: this.#nameOf(contact),
      role: contact.role,
      avatar: contact.photoUrl,
      status: seen.get(contact.id)!,
      unread: unread.get(contact.id) ?? 0,
    }));
  }

  /** GET /api/chat/user: the user as the chat sees them, with their own chosen status. */
  async user(userId: number): Promise<ChatUser> {
    const circle = await this.#circle(userId);
    const status = (await this.presence.chosen([userId])).get(userId)!;
    return { id: circle.me.id, name: this.#nameOf(circle.me), avatar: circle.me.photoUrl, status, chatList: chatListOf(circle) };
  }

  /** POST /api/chat/user/data: the user chooses a status. */
  async chooseStatus(userId: number, status: ChatStatus): Promise<ChatUser> {
    await this.presence.choose(userId, status);
    return this.user(userId);
  }

  /** GET /api/chat/get-chat: the chat with a contact, created on first open; opening it reads it. */
  async open(userId: number, contactId: number): Promise<GetChatAnswer> {
    const { me, contact, chatId: existing } = await this.#reach(userId, contactId);
    const chatId = existing ?? (await this.#chatIdOf(me.id, contact.id, true));
    const rows = await this.#db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(desc(chatMessages.id))
      .limit(CHAT_DIALOG_LIMIT);
    const dialog = rows.reverse().map(toMessage);
    await this.#markRead(me.id, chatId, contact.id, dialog.at(-1)?.id ?? 0);
    return { chat: { id: chatId, dialog }, userChatList: chatListOf(await this.#circle(me.id)) };
  }

  /**
   * POST /api/chat/send-message. With a `clientMessageId`, a retry (or any number of copies at once)
   * answers the message the first one stored and pushes nothing again; the same id with another text
   * or chat is refused.
   */
  async send(userId: number, request: SendMessageRequest): Promise<SendMessageAnswer> {
    const body = messageText(request.messageText);
    const { me, contact, chatId } = await this.#reach(userId, request.contactId);
    if (chatId !== request.chatId) throw notAChat();
    const clientMessageId = request.clientMessageId ?? null;

    const earlier = clientMessageId ? await this.#byClientId(me.id, clientMessageId) : undefined;
    let stored = earlier;
    if (!stored) {
      const time = this.#now();
      stored = await this.#db.transaction(async (tx) => {
        const [row] = await tx
          .insert(chatMessages)
          .values({ chatId, senderId: me.id, body, clientMessageId, createdAt: time })
          .onConflictDoNothing({
            target: [chatMessages.senderId, chatMessages.clientMessageId],
            where: sql`${chatMessages.clientMessageId} is not null`,
          })
          .returning();
        if (row) await tx.update(chats).set({ lastMessageAt: time }).where(eq(chats.id, chatId));
        return row;
      });
      if (stored) {
        this.#bus.publish('chatMessage', { chatId, senderId: me.id, recipientId: contact.id, message: toMessage(stored) });
      }
    }
    // A copy that lost the race to the first of its id reads what the first one stored.
    stored ??= await this.#byClientId(me.id, clientMessageId!);
    if (!stored || stored.chatId !== chatId || stored.body !== body) {
      throw invalidRequest('This clientMessageId was already used for another message: choose a new one for each message.');
    }
    return { message: toMessage(stored), userChatList: chatListOf(await this.#circle(me.id)) };
  }

  /**
   * Who has `playerId` as a contact (and so hears of their presence). A team member is everyone's
   * contact: told to every socket, and to one that connects later with its sign-in's `pushesFrom` (a
   * list of those connected now would miss a page whose socket is still opening).
   */
  async audienceOf(playerId: number): Promise<number[] | 'everyone'> {
    const [person] = await this.#people.byIds([playerId]);
    if (!person) return [];
    if (isTeam(person.role)) return 'everyone';
    const heardBy = (await this.#chatsOf(playerId)).filter((chat) => chat.heardFromMe).map((chat) => chat.contactId);
    const team = new Set((await this.#people.team()).map((member) => member.id));
    return heardBy.filter((id) => team.has(id));
  }

  async #announce(playerId: number, status: ChatStatus): Promise<void> {
    const audience = await this.audienceOf(playerId);
    if (audience === 'everyone' || audience.length) this.#bus.publish('chatStatus', { playerId, status, audience });
  }

  /** The user and the contact they ask for, or 404 whether the contact is missing or out of reach. */
  async #reach(userId: number, contactId: number): Promise<{ me: Player; contact: Player; chatId: number | undefined }> {
    const people = await this.#people.byIds([userId, contactId]);
    const me = people.find((p) => p.id === userId);
    const contact = people.find((p) => p.id === contactId);
    if (!me || !contact) throw notAContact();
    const chatId = await this.#chatIdOf(me.id, contact.id, false);
    const wroteToMe = chatId !== undefined && (await this.#holdsMessageFrom(chatId, contact.id));
    if (!mayTalk(personOf(me), personOf(contact), wroteToMe)) throw notAContact();
    return { me, contact, chatId };
  }

  async #circle(userId: number): Promise<Circle> {
    const [[me], team, mine] = await Promise.all([this.#people.byIds([userId]), this.#people.team(), this.#chatsOf(userId)]);
    if (!me) throw notAContact();
    const heard = new Set(mine.filter((chat) => chat.heard).map((chat) => chat.contactId));
    const teamIds = new Set(team.map((member) => member.id));
    const writers = isTeam(me.role) ? await this.#people.byIds([...heard].filter((id) => !teamIds.has(id))) : [];
    const lastMessageOf = new Map(mine.map((chat) => [chat.contactId, chat.lastMessageAt?.getTime() ?? 0]));
    const players = writers
      .filter((player) => mayTalk(personOf(me), personOf(player), heard.has(player.id)))
      .sort((a, b) => lastMessageOf.get(b.id)! - lastMessageOf.get(a.id)! || a.id - b.id);
    const contacts = [...team.filter((member) => mayTalk(personOf(me), personOf(member), false)), ...players];
    const reachable = new Set(contacts.map((c) => c.id));
    return { me, contacts, chats: mine.filter((chat) => reachable.has(chat.contactId)) };
  }

  /** Every chat of the user, with the facts the rule and the badges need. */
  async #chatsOf(userId: number): Promise<(ChatRow & { heardFromMe: boolean })[]> {
    // Subqueries name their tables: Drizzle writes a selected column without its table, and a bare
    // "id" inside them would be the message's.
    const fromOther = sql`from chat_messages m where m.chat_id = chats.id and m.sender_id <> ${userId}`;
    const readMark = sql`coalesce((select r.last_read_message_id from chat_reads r where r.chat_id = chats.id and r.reader_id = ${userId}), 0)`;
    return this.#db
      .select({
        chatId: chats.id,
        contactId: sql<number>`case when ${chats.lowPlayerId} = ${userId} then ${chats.highPlayerId} else ${chats.lowPlayerId} end`,
        lastMessageAt: chats.lastMessageAt,
        unread: sql<number>`(select count(*)::int ${fromOther} and m.id > ${readMark})`,
        heard: sql<boolean>`exists (select 1 ${fromOther})`,
        heardFromMe: sql<boolean>`exists (select 1 from chat_messages m where m.chat_id = chats.id and m.sender_id = ${userId})`,
      })
      .from(chats)
      .where(or(eq(chats.lowPlayerId, userId), eq(chats.highPlayerId, userId)));
  }

  /** The id of the chat of two people; with `create`, made on first need. */
  async #chatIdOf(a: number, b: number, create: true): Promise<number>;
  async #chatIdOf(a: number, b: number, create: false): Promise<number | undefined>;
  async #chatIdOf(a: number, b: number, create: boolean): Promise<number | undefined> {
    const pair = { lowPlayerId: Math.min(a, b), highPlayerId: Math.max(a, b) };
    const find = async () => {
      const [row] = await this.#db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.lowPlayerId, pair.lowPlayerId), eq(chats.highPlayerId, pair.highPlayerId)));
      return row?.id;
    };
    const found = await find();
    if (found !== undefined || !create) return found;
    // Two first opens at once: one inserts, both read the same chat.
    await this.#db.insert(chats).values(pair).onConflictDoNothing();
    return (await find())!;
  }

  async #holdsMessageFrom(chatId: number, senderId: number): Promise<boolean> {
    const [row] = await this.#db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderId, senderId)))
      .limit(1);
    return !!row;
  }

  async #byClientId(senderId: number, clientMessageId: string): Promise<MessageRow | undefined> {
    const [row] = await this.#db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientMessageId, clientMessageId)));
    return row;
  }

  /** Moves the reader's mark up to `lastMessageId` (never back); their other tabs hear of it. */
  async #markRead(readerId: number, chatId: number, contactId: number, lastMessageId: number): Promise<void> {
    const moved = await this.#db
      .insert(chatReads)
      .values({ chatId, readerId, lastReadMessageId: lastMessageId })
      .onConflictDoUpdate({
        target: [chatReads.chatId, chatReads.readerId],
        set: { lastReadMessageId: lastMessageId },
        setWhere: sql`${chatReads.lastReadMessageId} < ${lastMessageId}`,
      })
      .returning({ chatId: chatReads.chatId });
    if (moved.length) this.#bus.publish('chatRead', { playerId: readerId, chatId, contactId });
  }

  #nameOf(player: Player): string {
    return this.#people.userData(player).displayName;
  }
}

const personOf = (player: Player) => ({ id: player.id, role: player.role, banned: player.bannedAt !== null });

const toMessage = (row: MessageRow): ChatMessage => ({
  id: row.id,
  who: row.senderId,
  message: row.body,
  time: row.createdAt.toISOString(),
});

/** The user's chats with their contacts, the latest message first (chats without messages last). */
function chatListOf({ chats: mine }: Circle): ChatListItem[] {
  return mine
    .map((chat) => ({ chatId: chat.chatId, contactId: chat.contactId, lastMessageTime: chat.lastMessageAt?.toISOString() ?? null }))
    .sort((a, b) => (b.lastMessageTime ?? '').localeCompare(a.lastMessageTime ?? '') || b.chatId - a.chatId);
}
