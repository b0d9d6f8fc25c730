import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import { i18n } from '@/shared/i18n/i18n';
import { loadColorSchemes } from '@/shared/theme/scheme-palettes';
import { showMessage } from '@/shared/toasts/toast-store';
import type { SettingsPanelName } from './settings-panel';

type PanelProps = { open: SettingsPanelName | null; onClose: () => void };

const loadPanel = () => import('./settings-panel');
const SettingsPanel = lazy<ComponentType<PanelProps>>(() =>
  Promise.all([loadPanel(), loadColorSchemes()]).then(
    ([{ SettingsPanel: Panel }, schemes]): { default: ComponentType<PanelProps> } => ({
      default: (props) => <Panel {...props} schemes={schemes} />,
    }),
    // No answer: the network message, and the buttons do nothing until the page is reloaded.
    () => {
      showMessage(i18n.t('auth.networkError'));
      return { default: () => null };
    },
  ),
);

/**
 * The two buttons on the page's end edge that open the Theme Settings and Theme Color Schemes drawers
 * (SPEC §2 settings panel). The drawers, their texts and the scheme table load on first use (a pointer
 * over a button starts the download).
 */
export function SettingsPanelButtons() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<SettingsPanelName | null>(null);
  const [used, setUsed] = useState(false);
  const show = (panel: SettingsPanelName) => {
    setUsed(true);
    setOpen(panel);
  };
  const buttons = [
    { panel: 'settings', label: t('shell.themeSettings'), icon: <SettingsOutlined /> },
    { panel: 'schemes', label: t('shell.colorSchemes'), icon: <PaletteOutlined /> },
  ] as const;
  return (
    <>
      <Box
        sx={{
          position: 'fixed',
          right: 0,
          top: '50%',
          transform: 'translateY(-50%)',
          zIndex: 'speedDial',
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
        }}
      >
        {buttons.map(({ panel, label, icon }) => (
          <IconButton
            key={panel}
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={open === panel}
            onClick={() => show(panel)}
            onPointerEnter={() => void loadPanel().catch(() => {})}
            sx={{
              borderRadius: '8px 0 0 8px',
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              boxShadow: 3,
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
