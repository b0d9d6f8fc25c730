import { useTranslation } from 'react-i18next';
import type { ColorScheme } from '@/shared/theme/scheme-palettes';
import { ColorSchemeGrid } from './color-scheme-grid';
import { SettingsDrawer } from './settings-drawer';
import { ThemeSettings } from './theme-settings';

export type SettingsPanelName = 'settings' | 'schemes';

/** The Theme Settings and Theme Color Schemes drawers (loaded the first time one opens, with the scheme table). */
export function SettingsPanel({
  open,
  onClose,
  schemes,
}: {
  open: SettingsPanelName | null;
  onClose: () => void;
  schemes: readonly ColorScheme[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <SettingsDrawer open={open === 'settings'} title={t('shell.themeSettings')} onClose={onClose}>
        <ThemeSettings schemes={schemes} />
      </SettingsDrawer>
      <SettingsDrawer open={open === 'schemes'} title={t('shell.colorSchemes')} onClose={onClose}>
        <ColorSchemeGrid schemes={schemes} />
      </SettingsDrawer>
    </>
  );
}
