import { IconPlace } from '@/shared/components/icon-place';
import { useSession } from '@/shared/session/session-store';
import { useRightPanelShown } from '@/shared/shell-settings/use-right-panel-shown';
import { useQuickPanelParts } from '../lib/use-quick-panel-parts';

/** Where the toolbar's quick panel button goes; it comes after the first view, its room kept meanwhile. */
export function QuickPanelButtonSlot() {
  const parts = useQuickPanelParts();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const panelShown = useRightPanelShown();
  if (parts) return <parts.QuickPanelButton />;
  return signedIn && panelShown && <IconPlace />;
}

/** The shell's right side panel: the quick panel drawer (SPEC §2), its host loaded after the first view. */
export function QuickPanelSlot() {
  const parts = useQuickPanelParts();
  return parts && <parts.QuickPanelHost />;
}
