import { afterFirstViewModule } from '@/shared/lib/use-after-first-view-module';

/**
 * The chat's toolbar button and panel host (components/chat-parts.ts) for a signed-in user, null until
 * they have loaded: nothing of the chat is needed for a page's first paint.
 */
export const useChatParts = afterFirstViewModule(() => import('../components/chat-parts'));
