import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SidePanel } from '@/shared/components/side-panel';
import { useSettingsTexts } from './settings-texts';

/**
 * A settings drawer (SHELL.md): a side panel 380 px wide, at most 90% of the screen.
 */
export function SettingsDrawer({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useSettingsTexts();
  return (
    <SidePanel open={open} onClose={onClose} title={title} closeLabel={t('close')} width={380} maxWidth="90vw">
      <Box sx={{ p: 2, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 2.5 }}>{children}</Box>
    </SidePanel>
  );
}
