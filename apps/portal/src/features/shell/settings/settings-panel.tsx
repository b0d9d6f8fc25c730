import { use } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { loadColorSchemes } from '@/shared/theme/scheme-palettes';
import { ColorSchemeGrid } from './color-scheme-grid';
import { SettingsDrawer } from './settings-drawer';
import { useSettingsTexts } from './settings-texts';
import { ThemeSettings } from './theme-settings';

export type SettingsPanelName = 'settings' | 'schemes';

// The scheme table comes with the drawers; if it cannot be fetched, the drawers say so.
const schemesLoaded = loadColorSchemes().catch(() => null);

/** The Theme Settings and Theme Color Schemes drawers (loaded the first time one opens, with the scheme table). */
export default function SettingsPanel({ open, onClose }: { open: SettingsPanelName | null; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = useSettingsTexts();
  const schemes = use(schemesLoaded);
  const failed = <Alert severity="error">{texts('loadFailed')}</Alert>;
  return (
    <>
      <SettingsDrawer open={open === 'settings'} title={t('shell.themeSettings')} onClose={onClose}>
        {schemes ? <ThemeSettings schemes={schemes} /> : failed}
      </SettingsDrawer>
      <SettingsDrawer open={open === 'schemes'} title={t('shell.colorSchemes')} onClose={onClose}>
        {schemes ? <ColorSchemeGrid schemes={schemes} /> : failed}
      </SettingsDrawer>
    </>
  );
}
