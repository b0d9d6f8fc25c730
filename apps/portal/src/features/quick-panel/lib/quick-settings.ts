import { changeShellSettings, getSavedShellSettings, type ShellSettings } from '@/shared/shell-settings/shell-settings';

export type QuickSettingName = keyof ShellSettings['quickSettings'];

/** The switches of the panel's Quick Settings, in the order shown. */
export const quickSettingNames: readonly QuickSettingName[] = ['notifications', 'cloudSync', 'retroThrusters'];

/**
 * Turns one Quick Settings switch on or off: applied at once and saved with the player's settings
 * (shared/shell-settings: this browser at once, the account after a quiet moment). What each does:
 * docs/quick-panel.md.
 */
export function changeQuickSetting(name: QuickSettingName, on: boolean): void {
  const saved = getSavedShellSettings();
  changeShellSettings({ ...saved, quickSettings: { ...saved.quickSettings, [name]: on } });
}
