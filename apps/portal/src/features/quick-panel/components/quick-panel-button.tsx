import IconButton from '@mui/material/IconButton';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import { useRightPanelShown } from '@/shared/shell-settings/use-right-panel-shown';
import { openQuickPanel, quickPanelId, useQuickPanelStore } from '../lib/quick-panel-store';
import { useQuickPanelTexts } from '../lib/use-quick-panel-texts';
import { loadQuickPanel } from './quick-panel-host';

/**
 * The toolbar's button that opens the quick panel, which lives in the right side panel: where that
 * panel is off, so is the button.
 */
export function QuickPanelButton() {
  const t = useQuickPanelTexts();
  const open = useQuickPanelStore((state) => state.open);
  const shown = useRightPanelShown();
  if (!shown) return null;
  return (
    // A native hint: MUI's Tooltip would bring Popper along.
    <IconButton
      aria-label={t('title')}
      title={t('title')}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-controls={open ? quickPanelId : undefined}
      onClick={openQuickPanel}
      onPointerEnter={() => void loadQuickPanel().catch(() => {})}
    >
      <EventNoteOutlined />
    </IconButton>
  );
}
