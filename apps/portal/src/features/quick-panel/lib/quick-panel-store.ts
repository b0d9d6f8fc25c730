import { create } from 'zustand';

/** SPEC §4 "Chat and panels": the quick panel open or closed. */
export const useQuickPanelStore = create<{ open: boolean }>(() => ({ open: false }));

export const openQuickPanel = (): void => useQuickPanelStore.setState({ open: true });
export const closeQuickPanel = (): void => useQuickPanelStore.setState({ open: false });

/** The panel's element id, for the toolbar button's aria-controls. */
export const quickPanelId = 'quick-panel';
