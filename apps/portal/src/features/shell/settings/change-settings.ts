import type { LayoutOptions, UserSettings } from '@reelcast/protocol';
import { changeShellSettings, getSavedShellSettings, getShellSettings, type ThemePart } from '@/shared/shell-settings/shell-settings';

/** One change of the drawers, applied at once and saved (changeShellSettings: locally, and for a player on the server). */
export function changeSetting<K extends Exclude<keyof UserSettings, 'layout' | 'themes' | 'theme'>>(key: K, value: UserSettings[K]): void {
  changeShellSettings({ ...getSavedShellSettings(), [key]: value });
}

/** One of the current layout's options; a group (navbar, toolbar, …) keeps its other fields. */
export function changeLayoutOption<K extends keyof LayoutOptions>(key: K, value: NonNullable<LayoutOptions[K]>): void {
  const saved = getSavedShellSettings();
  const config = saved.layout?.config ?? {};
  const current = config[key];
  const merged = typeof value === 'object' && typeof current === 'object' ? { ...current, ...value } : value;
  changeShellSettings({ ...saved, layout: { style: getShellSettings().layout.style, config: { ...config, [key]: merged } } });
}

/** One part's colour scheme; the parts left unset keep following the main one. */
export function changePartScheme(part: ThemePart, id: string): void {
  const saved = getSavedShellSettings();
  changeShellSettings({ ...saved, themes: { ...saved.themes, [part]: id } });
}

/** Theme Color Schemes: one scheme for every part. */
export function applySchemeEverywhere(id: string): void {
  changeShellSettings({ ...getSavedShellSettings(), themes: { main: id, navbar: id, toolbar: id, footer: id } });
}
