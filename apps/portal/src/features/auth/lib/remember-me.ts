import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';

/** SPEC §4: remember-me is stored or removed in local storage (it keeps the username). */
export const getRememberedUsername = (): string | null => readStorage(storageKeys.rememberMe);

export function rememberUsername(remember: boolean, username: string): void {
  writeStorage(storageKeys.rememberMe, remember ? username : null);
}
