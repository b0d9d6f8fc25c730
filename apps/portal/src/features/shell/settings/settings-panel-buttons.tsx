import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import Box from '@mui/material/Box';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import FormatPaint from '@mui/icons-material/FormatPaint';
import Tune from '@mui/icons-material/Tune';
import { i18n } from '@/shared/i18n/i18n';
import { showMessage } from '@/shared/toasts/toast-store';
import { useShellLayout } from '../lib/shell-layout';
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

/** Which drawer is open, and whether one has been asked for yet (its code loads then): the edge's buttons and the More menu's open the same drawers. */
const useSettingsPanelStore = create<{ open: SettingsPanelName | null; used: boolean }>(() => ({ open: null, used: false }));

/** The Theme Settings and Theme Color Schemes buttons; a pointer over one starts the download. */
function PanelButtons({ sx }: { sx?: IconButtonProps['sx'] }) {
  const { t } = useTranslation();
  const open = useSettingsPanelStore((state) => state.open);
  const buttons = [
    { panel: 'settings', label: t('shell.themeSettings'), icon: <Tune /> },
    { panel: 'schemes', label: t('shell.colorSchemes'), icon: <FormatPaint /> },
  ] as const;
  return buttons.map(({ panel, label, icon }) => (
    <IconButton
      key={panel}
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={open === panel}
      onClick={() => useSettingsPanelStore.setState({ open: panel, used: true })}
      onPointerEnter={() => void loadPanel().catch(() => {})}
      sx={sx}
    >
      {icon}
    </IconButton>
  ));
}

/**
 * The two buttons on the page's end edge that open the Theme Settings and Theme Color Schemes drawers
 * (SPEC §2 settings panel). On a phone with a toolbar they are in its More menu instead
 * (`SettingsPanelMoreButtons`): on the edge they covered the page (a card's Play button). The drawers,
 * their texts and the scheme table load on first use.
 */
export function SettingsPanelButtons() {
  const { toolbar } = useShellLayout();
  const used = useSettingsPanelStore((state) => state.used);
  const open = useSettingsPanelStore((state) => state.open);
  // The drawers live as long as their buttons: a shell drawn again starts with none open.
  useEffect(() => () => useSettingsPanelStore.setState({ open: null, used: false }), []);
  return (
    <>
      <Box
        sx={{
          position: 'fixed',
          right: 0,
          top: '50%',
          zIndex: 'speedDial',
          // A media query, not the width in JavaScript: the platform's render of /lobby (which knows no width) is right too.
          display: toolbar ? { xs: 'none', sm: 'flex' } : 'flex',
          flexDirection: 'column',
          gap: 0.5,
        }}
      >
        <PanelButtons
          sx={{
            borderRadius: '8px 0 0 8px',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            '&:hover': { bgcolor: 'primary.dark' },
          }}
        />
      </Box>
      {used && (
        <Suspense fallback={null}>
          <SettingsPanel open={open} onClose={() => useSettingsPanelStore.setState({ open: null })} />
        </Suspense>
      )}
    </>
  );
}

/** The same two buttons in the toolbar's More menu, on a phone. */
export function SettingsPanelMoreButtons() {
  return <PanelButtons />;
}
