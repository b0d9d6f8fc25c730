import { create } from 'zustand';

type ChatPanelState = {
  open: boolean;
  /** The contact whose chat the panel shows; null: none chosen yet. */
  contactId: number | null;
};

/** SPEC §4 "Chat and panels": the chat panel open or closed, and the contact chosen in it. */
export const useChatPanelStore = create<ChatPanelState>(() => ({ open: false, contactId: null }));

export const getChatPanel = (): ChatPanelState => useChatPanelStore.getState();

export function openChatPanel(): void {
  useChatPanelStore.setState({ open: true });
}

/** Selecting a contact opens the panel on their chat (its query loads it). */
export function selectChatContact(contactId: number): void {
  useChatPanelStore.setState({ open: true, contactId });
}

/** Closing clears the selected contact (the chat's cache goes with it: features/chat/lib/chat-cache.ts). */
export function closeChatPanel(): void {
  useChatPanelStore.setState({ open: false, contactId: null });
}

/** The panel's element id, for the toolbar button's aria-controls. */
export const chatPanelId = 'team-chat-panel';
