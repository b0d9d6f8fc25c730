export { registerQuickPanel } from './quick-panel-routes.ts';
export { EVENTS_SHOWN_MAX, QuickPanelService, type EventInput, type OperatorEvent } from './quick-panel-service.ts';
