import type { UserSettings } from '@reelcast/protocol';

/**
 * Quick Settings "Cloud Sync" (docs/quick-panel.md): on (the default), a signed-in player's whole
 * settings are kept with the account and follow them to every browser; off, the look (layout, themes,
 * direction, scrollbars, animations) stays in this browser and the account keeps only the Quick
 * Settings switches, which always follow the player.
 */
export const cloudSyncOn = (settings: UserSettings): boolean => settings.quickSettings?.cloudSync !== false;

/** What of this browser's settings is sent to the account. */
export function forAccount(settings: UserSettings): UserSettings {
  return cloudSyncOn(settings) ? settings : { quickSettings: settings.quickSettings };
}

/** The account's copy over this browser's: all of it while Cloud Sync is on, else its switches only. */
export function fromAccount(account: UserSettings, local: UserSettings): UserSettings {
  if (cloudSyncOn(account)) return account;
  const { quickSettings: _, ...look } = local;
  return { ...look, quickSettings: account.quickSettings };
}
