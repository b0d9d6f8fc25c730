import { createContext, useContext } from 'react';
import { create } from 'zustand';
import { lookCookie, userSettings, type LayoutStyle, type UserSettings } from '@reelcast/protocol';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';
import { useSessionStore } from '@/shared/session/session-store';
import { showNotifications } from '@/shared/toasts/toast-store';
import { decodeToken, getAccessToken } from '@/shared/session/token-storage';
import { DEFAULT_SCHEME_ID } from '@/shared/theme/scheme-palettes';
import { forAccount, fromAccount } from './cloud-sync';
import { resolveLayoutConfig, type LayoutConfig } from './layout-config';

/** The shell's settings with every field set (SPEC §3 settings entity): what the layout and the theme read. */
export type ShellSettings = {
  layout: { style: LayoutStyle; config: LayoutConfig };
  themes: { main: string; navbar: string; toolbar: string; footer: string };
  direction: 'ltr' | 'rtl' | 'auto';
  customScrollbars: boolean;
  animations: boolean;
  /** The quick panel's switches (docs/quick-panel.md): notification toasts, the look kept with the account, the classic look. */
  quickSettings: { notifications: boolean; cloudSync: boolean; retroThrusters: boolean };
};

export type ThemePart = keyof ShellSettings['themes'];

/** Saved settings, the defaults under them (SHELL.md: layout1, scrollbars and animations on, direction from the language). */
export function resolveShellSettings(saved: UserSettings): ShellSettings {
  const style = saved.layout?.style ?? 'layout1';
  // A player who saved only the old colour mode keeps it: light is the light scheme of the default.
  const main = saved.themes?.main ?? (saved.theme === 'light' ? 'daylight' : DEFAULT_SCHEME_ID);
  return {
    layout: { style, config: resolveLayoutConfig(style, saved.layout?.config) },
    themes: {
      main,
      navbar: saved.themes?.navbar ?? main,
      toolbar: saved.themes?.toolbar ?? main,
      footer: saved.themes?.footer ?? main,
    },
    direction: saved.direction ?? 'auto',
    customScrollbars: saved.customScrollbars ?? true,
    animations: saved.animations ?? true,
    quickSettings: {
      notifications: saved.quickSettings?.notifications ?? true,
      cloudSync: saved.quickSettings?.cloudSync ?? true,
      retroThrusters: saved.quickSettings?.retroThrusters ?? false,
    },
  };
}

/** Whose settings these are: a guest's (kept in this browser) or a signed-in player's (kept on the server). */
type Owner = 'guest' | number;

type ShellSettingsState = {
  owner: Owner;
  /** What the owner saved; `{}` is the defaults. */
  saved: UserSettings;
  /** `saved` over the defaults, computed once per change. */
  settings: ShellSettings;
};

/** Reads a copy kept in this browser; what does not parse is the defaults. */
function readLocal(owner: Owner): UserSettings {
  const raw = readStorage(storageKeys.settings(owner));
  if (!raw) return {};
  try {
    const parsed = userSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const stateOf = (owner: Owner, saved: UserSettings): ShellSettingsState => ({ owner, saved, settings: resolveShellSettings(saved) });

/**
 * Whose settings apply when the app starts: the signed-in player's, or while the stored token is being
 * checked that token's player's (a reload shows their settings from the first paint, the splash
 * included), else a guest's.
 */
function startingOwner(): Owner {
  const session = useSessionStore.getState();
  if (session.status === 'authenticated' && session.user) return session.user.id;
  if (session.status !== 'checking') return 'guest';
  const token = getAccessToken();
  return (token ? decodeToken(token)?.id : undefined) ?? 'guest';
}

export const useShellSettingsStore = create<ShellSettingsState>(() => {
  const owner = startingOwner();
  return stateOf(owner, readLocal(owner));
});

// Quick Settings "Notifications" decides which toasts show (shared/toasts/toast-store.ts).
showNotifications(useShellSettingsStore.getState().settings.quickSettings.notifications);
useShellSettingsStore.subscribe(({ settings }) => showNotifications(settings.quickSettings.notifications));

/**
 * The settings a page rendered on the server shows (app/prerender.tsx: the look of the browser's
 * cookie), where a store's hook reads the store's initial state (zustand's server snapshot); null in the browser.
 */
export const ServerShellSettings = createContext<ShellSettings | null>(null);

/** The resolved settings, or a part of them. */
export const useShellSettings = <T>(select: (settings: ShellSettings) => T): T => {
  const server = useContext(ServerShellSettings);
  const value = useShellSettingsStore((state) => select(state.settings));
  return server ? select(server) : value;
};

/**
 * What of the saved settings changes how a page looks (not the notification toasts nor Cloud Sync):
 * what the look cookie carries.
 */
export function lookOf(saved: UserSettings): UserSettings {
  const { quickSettings, ...look } = saved;
  return quickSettings?.retroThrusters === undefined ? look : { ...look, quickSettings: { retroThrusters: quickSettings.retroThrusters } };
}

/**
 * Keeps the look cookie (lookCookie) equal to the look shown, so that the platform renders /lobby's
 * first view in it (docs/architecture.md "First view"): absent for the defaults.
 */
function mirrorLook(saved: UserSettings): void {
  const look = lookOf(saved);
  const value = Object.keys(look).length === 0 ? '' : encodeURIComponent(JSON.stringify(look));
  const current = document.cookie.split('; ').find((pair) => pair.startsWith(`${lookCookie}=`));
  if ((current?.slice(lookCookie.length + 1) ?? '') === value) return;
  document.cookie = value
    ? `${lookCookie}=${value}; path=/; max-age=31536000; samesite=lax`
    : `${lookCookie}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax`;
}

if (typeof document !== 'undefined') {
  mirrorLook(useShellSettingsStore.getState().saved);
  useShellSettingsStore.subscribe(({ saved }, previous) => {
    if (saved !== previous.saved) mirrorLook(saved);
  });
}

export const getShellSettings = (): ShellSettings => useShellSettingsStore.getState().settings;

/** What the owner saved, e.g. to build the next settings from. */
export const getSavedShellSettings = (): UserSettings => useShellSettingsStore.getState().saved;

type RemoteSave = (settings: UserSettings) => Promise<unknown>;
let remoteSave: RemoteSave | null = null;
let pendingSave: ReturnType<typeof setTimeout> | undefined;
/** Saves sent and not answered yet: an older copy the server answers meanwhile is not applied. */
let savesInFlight = 0;

function send(save: RemoteSave, playerId: number, settings: UserSettings): void {
  savesInFlight += 1;
  save(forAccount(settings))
    .then(() => {
      const state = useShellSettingsStore.getState();
      if (state.owner === playerId && state.saved === settings && pendingSave === undefined)
        writeStorage(storageKeys.settingsUnsent(playerId), null);
    })
    // A failure is shown by the app's one error path; the change stays in this browser, marked unsent.
    .catch(() => {})
    .finally(() => (savesInFlight -= 1));
}

/** How a signed-in player's settings reach the server (app/provider.tsx: POST /api/auth/user/update). */
export function registerRemoteSettingsSave(save: RemoteSave | null): void {
  remoteSave = save;
}

/** Quiet time before a signed-in player's changes are sent: a run of clicks in the drawer is one request. */
export const REMOTE_SAVE_DELAY_MS = 400;

/**
 * SPEC §4: theme changes save locally for a guest, and to the user's settings for a signed-in player
 * (applied at once, kept in this browser too so a reload starts in them, sent to the server after
 * REMOTE_SAVE_DELAY_MS of quiet; the last change wins).
 */
export function changeShellSettings(next: UserSettings): void {
  const { owner } = useShellSettingsStore.getState();
  useShellSettingsStore.setState(stateOf(owner, next));
  writeStorage(storageKeys.settings(owner), JSON.stringify(next));
  if (owner === 'guest') return;
  // Until the server confirms it (a tab closed within the quiet time, a failed request), this
  // browser's copy is the newer one: the next visit sends it instead of taking the server's.
  writeStorage(storageKeys.settingsUnsent(owner), '1');
  if (!remoteSave) return;
  const save = remoteSave;
  clearTimeout(pendingSave);
  pendingSave = setTimeout(() => {
    pendingSave = undefined;
    send(save, owner, next);
  }, REMOTE_SAVE_DELAY_MS);
}

/** SHELL.md: changing the layout style resets its config to that layout's defaults. */
export function changeLayoutStyle(style: LayoutStyle): void {
  const saved = getSavedShellSettings();
  changeShellSettings({ ...saved, layout: { style } });
}

/**
 * The server's copy of a signed-in player's settings (GET /player/profile) replaces this browser's,
 * unless this browser's has changes the server has not confirmed: those are sent instead.
 */
export function applyServerSettings(playerId: number, saved: UserSettings): void {
  const state = useShellSettingsStore.getState();
  if (state.owner !== playerId || pendingSave !== undefined || savesInFlight > 0) return;
  if (readStorage(storageKeys.settingsUnsent(playerId))) {
    if (remoteSave) send(remoteSave, playerId, state.saved);
    return;
  }
  // Cloud Sync off: the look stays this browser's, the switches are the account's.
  const next = fromAccount(saved, state.saved);
  if (JSON.stringify(state.saved) !== JSON.stringify(next)) useShellSettingsStore.setState(stateOf(playerId, next));
  writeStorage(storageKeys.settings(playerId), JSON.stringify(next));
}

/** Sends a change still waiting for its quiet time now (a logout, a page leaving). */
export function flushSettingsSave(): void {
  if (pendingSave === undefined) return;
  clearTimeout(pendingSave);
  pendingSave = undefined;
  const { owner, saved } = useShellSettingsStore.getState();
  if (owner !== 'guest' && remoteSave) send(remoteSave, owner, saved);
}

/** Reads this browser's copy again for whoever the app starts with (tests: a fresh start; nothing waiting to be sent). */
export function startShellSettings(): ShellSettings {
  clearTimeout(pendingSave);
  pendingSave = undefined;
  savesInFlight = 0;
  const owner = startingOwner();
  useShellSettingsStore.setState(stateOf(owner, readLocal(owner)));
  return useShellSettingsStore.getState().settings;
}

// Whose settings apply follows the session: a guest's on the login page, the player's (this browser's
// copy at once, no flash of the defaults; then the server's) once signed in.
useSessionStore.subscribe((session) => {
  const owner: Owner = session.status === 'authenticated' && session.user ? session.user.id : 'guest';
  if (session.status === 'loggingOut') flushSettingsSave();
  if (session.status === 'loggingOut' || session.status === 'checking') return;
  if (owner === useShellSettingsStore.getState().owner) return;
  clearTimeout(pendingSave);
  pendingSave = undefined;
  useShellSettingsStore.setState(stateOf(owner, readLocal(owner)));
});
