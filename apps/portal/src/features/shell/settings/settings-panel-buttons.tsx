import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import FormatPaint from '@mui/icons-material/FormatPaint';
import Tune from '@mui/icons-material/Tune';
import { i18n } from '@/shared/i18n/i18n';
import { showMessage } from '@/shared/toasts/toast-store';
import type { SettingsPanelName } from './settings-panel';

type PanelProps = { open: SettingsPanelName | null; onClose: () => void };

const loadPanel = () => import('./settings-panel');
// No answer: the network message instead of the drawer (the page stays as it is).
const SettingsPanel = lazy<ComponentType<PanelProps>>(() =>
  loadPanel().catch(() => ({ default: Unavailable as ComponentType<PanelProps> })),
);

function Unavailable() {
  useEffect(() => void showMessage(i18n.t('auth.networkError')), []);
  return null;
}

/**
 * The two buttons on the page's end edge that open the Theme Settings and Theme Color Schemes drawers
 * (SPEC §2 settings panel). The drawers, their texts and the scheme table load on first use; a pointer
 * over a button starts the download.
 */
export function SettingsPanelButtons() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SettingsPanelName | null>(null);
  const [used, setUsed] = useState(false);
  const buttons = [
    { panel: 'settings', label: t('shell.themeSettings'), icon: <Tune /> },
    { panel: 'schemes', label: t('shell.colorSchemes'), icon: <FormatPaint /> },
  ] as const;
  return (
    <>
      <Box sx={{ position: 'fixed', right: 0, top: '50%', zIndex: 'speedDial', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {buttons.map(({ panel, label, icon }) => (
          <IconButton
            key={panel}
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={open === panel}
            onClick={() => {
              setUsed(true);
              setOpen(panel);
            }}
            onPointerEnter={() => void loadPanel().catch(() => {})}
            sx={{
              borderRadius: '8px 0 0 8px',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              '&:hover': { bgcolor: 'primary.dark' },
            }}
          >
            {icon}
          </IconButton>
        ))}
      </Box>
      {used && (
        <Suspense fallback={null}>
          <SettingsPanel open={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
