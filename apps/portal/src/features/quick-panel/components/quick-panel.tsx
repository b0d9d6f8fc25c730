import { SidePanel } from '@/shared/components/side-panel';
import { closeQuickPanel, quickPanelId, useQuickPanelStore } from '../lib/quick-panel-store';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';
import { PanelContent } from './panel-content';

/** SHELL.md quick panel width. */
const PANEL_WIDTH = 280;

/**
 * SPEC §2 quick panel: Today, Events, Notes and Quick Settings, in a side panel. Its content mounts
 * while it is open, so each opening shows today's date and asks for the data again when it is stale.
 */
export function QuickPanel() {
  const t = useQuickPanelTexts();
  const open = useQuickPanelStore((state) => state.open);
  return (
    <SidePanel id={quickPanelId} open={open} onClose={closeQuickPanel} title={t('title')} closeLabel={t('close')} width={PANEL_WIDTH}>
      <PanelContent />
    </SidePanel>
  );
}
