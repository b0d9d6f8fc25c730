import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  chatContactList,
  chatUser,
  chatUserUpdate,
  ErrorCode,
  errorAnswer,
  getChatAnswer,
  getChatQuery,
  sendMessageAnswer,
  sendMessageRequest,
} from '@reelcast/protocol';
import {
  ApiError,
  playerOf,
  signedInRoutes,
  throttles,
  zod,
  type Authenticator,
  type RateLimits,
  type RouteModule,
} from '../http/index.ts';
import type { ChatService } from './chat-service.ts';

const errors = { '4xx': errorAnswer, '5xx': errorAnswer };

/** Chat answers are the user's own and change with every message: never kept by a cache. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

/**
 * SPEC §7 team chat calls, for every signed-in account (docs/chat.md: who may talk to whom, limits,
 * pushes). Answers are JSON and never cached; a message's text is data, shown as text.
 */
export interface ChatDeps {
  auth: Authenticator;
  chat: ChatService;
  limits: Pick<RateLimits, 'chat'>;
}

export const registerChat: RouteModule<ChatDeps> = (app, { auth, chat, limits }) =>
  signedInRoutes(app, auth, (scope) => {
    const api = zod(scope);
    const meta = { tags: ['chat'], security: [{ bearer: [] }] };

    api.get(
      '/api/chat/contacts',
      {
        onRequest: noStore,
        schema: {
          ...meta,
          summary:
            "The people the user may talk to: a player's are the operator's team; the team's are each other and the players who wrote to them",
          response: { 200: chatContactList, ...errors },
        },
      },
      (request) => chat.contacts(playerOf(request).id),
    );

    api.get(
      '/api/chat/user',
      {
        onRequest: noStore,
        schema: {
          ...meta,
          summary: 'The signed-in user as the chat sees them: their chosen status and their chats',
          response: { 200: chatUser, ...errors },
        },
      },
      (request) => chat.user(playerOf(request).id),
    );

    api.post(
      '/api/chat/user/data',
      {
        onRequest: noStore,
        schema: {
          ...meta,
          summary: "Choose the user's status (online, do-not-disturb, away, offline); other fields are ignored",
          body: chatUserUpdate,
          response: { 200: chatUser, ...errors },
        },
      },
      (request) => chat.chooseStatus(playerOf(request).id, request.body.status),
    );

    api.get(
      '/api/chat/get-chat',
      {
        onRequest: noStore,
        schema: {
          ...meta,
          summary: 'The chat with a contact (created on first open), its latest messages; opening it marks it read',
          querystring: getChatQuery,
          response: { 200: getChatAnswer, ...errors },
        },
      },
      (request) => {
        const me = playerOf(request).id;
        if (request.query.userId !== me) throw new ApiError(403, ErrorCode.InvalidRequest, undefined, 'userId must be your own id.');
        return chat.open(me, request.query.contactId);
      },
    );

    api.post(
      '/api/chat/send-message',
      {
        onRequest: noStore,
        preHandler: throttles(limits.chat),
        schema: {
          ...meta,
          summary: 'Send a message to a contact; a retry with the same clientMessageId sends nothing twice',
          body: sendMessageRequest,
          response: { 200: sendMessageAnswer, ...errors },
        },
      },
      (request) => chat.send(playerOf(request).id, request.body),
    );
  });
