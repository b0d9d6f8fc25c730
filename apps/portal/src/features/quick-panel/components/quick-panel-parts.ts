// What the shell's quick panel slots load after the first view, in one chunk (lib/use-quick-panel-parts.ts).
export { QuickPanelButton } from './quick-panel-button';
export { QuickPanelHost } from './quick-panel-host';
