import { create } from 'zustand';
import { changeShellSettings, getSavedShellSettings, getShellSettings } from '@/shared/shell-settings/shell-settings';

type ShellState = {
  /** Small screens: the temporary navbar is open. */
  mobileNavbarOpen: boolean;
  setMobileNavbarOpen: (open: boolean) => void;
};

export const useShellStore = create<ShellState>((set) => ({
  mobileNavbarOpen: false,
  setMobileNavbarOpen: (mobileNavbarOpen) => set({ mobileNavbarOpen }),
}));

/** Folds or unfolds the large-screen navbar: a layout setting (`navbar.folded`), saved like the others. */
export function toggleNavbarFolded(): void {
  const saved = getSavedShellSettings();
  const { style, config } = getShellSettings().layout;
  const options = saved.layout?.config;
  changeShellSettings({
    ...saved,
    layout: { ...saved.layout, style, config: { ...options, navbar: { ...options?.navbar, folded: !config.navbar.folded } } },
  });
}
