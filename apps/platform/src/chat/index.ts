export { registerChat } from './chat-routes.ts';
export { CHAT_DIALOG_LIMIT, ChatService } from './chat-service.ts';
export { ChatPresence, type PresenceTiming } from './chat-presence.ts';
