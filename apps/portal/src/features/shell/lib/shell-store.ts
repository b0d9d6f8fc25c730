import { create } from 'zustand';

type ShellState = {
  /** Large screens: the navbar is folded to icons (64 px). */
  navbarFolded: boolean;
  /** Small screens: the temporary navbar is open. */
  mobileNavbarOpen: boolean;
  toggleFolded: () => void;
  setMobileNavbarOpen: (open: boolean) => void;
};

export const useShellStore = create<ShellState>((set) => ({
  navbarFolded: false,
  mobileNavbarOpen: false,
  toggleFolded: () => set((state) => ({ navbarFolded: !state.navbarFolded })),
  setMobileNavbarOpen: (mobileNavbarOpen) => set({ mobileNavbarOpen }),
}));
