import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';

type WalletUiState = { showBalance: boolean; toggleBalance: () => void };

/** UI state only: whether the toolbar shows the balance (SPEC §1 wallet toggle). */
export const useWalletUi = create<WalletUiState>((set, get) => ({
  showBalance: readStorage(storageKeys.showBalance) !== 'false',
  toggleBalance: () => {
    const showBalance = !get().showBalance;
    writeStorage(storageKeys.showBalance, String(showBalance));
    set({ showBalance });
  },
}));
