import { useQuickPanelParts } from '../lib/use-quick-panel-parts';

/** Where the toolbar's quick panel button goes; it comes after the first view. */
export function QuickPanelButtonSlot() {
  const parts = useQuickPanelParts();
  return parts && <parts.QuickPanelButton />;
}

/** The shell's right side panel: the quick panel drawer (SPEC §2), its host loaded after the first view. */
export function QuickPanelSlot() {
  const parts = useQuickPanelParts();
  return parts && <parts.QuickPanelHost />;
}
