// What the shell's chat slots load after the first view, in one chunk (lib/use-chat-parts.ts).
export { ChatButton } from './chat-button';
export { ChatPanelHost } from './chat-panel-host';
