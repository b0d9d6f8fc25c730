import { createContext, useContext } from 'react';
import { create } from 'zustand';
import { defaultSettings, settingsSchema, type Settings } from '@reelcast/protocol';

export type { Settings };
// The protocol's `settingsSchema.parse({})`, made once as its module loads (a second parse of the
// defaults was some milliseconds of the start-up's main thread at 4x CPU).
export { defaultSettings };

type SettingsState = { settings: Settings };

/** The operator's Settings.json merged over the defaults, once, at start (SPEC §4). */
export const useSettingsStore = create<SettingsState>(() => ({ settings: defaultSettings }));

export const getSettings = (): Settings => useSettingsStore.getState().settings;

/**
 * Settings.json in a page rendered on the server (app/lobby-prerender.tsx), where a store's hook reads
 * the store's initial state (zustand's server snapshot); null in the browser.
 */
export const ServerSettings = createContext<Settings | null>(null);

export const useSettings = (): Settings => {
  const server = useContext(ServerSettings);
  const settings = useSettingsStore((state) => state.settings);
  return server ?? settings;
};

export function setSettings(settings: Settings): void {
  useSettingsStore.setState({ settings });
}

/** Loads /Settings.json; any failure (network, HTTP status, JSON, schema) falls back to the defaults. */
export async function loadSettings(fetchImpl: typeof fetch = fetch): Promise<Settings> {
  let settings = defaultSettings;
  try {
    const response = await fetchImpl('/Settings.json', { headers: { Accept: 'application/json' } });
    if (response.ok) {
      const parsed = settingsSchema.safeParse(await response.json());
      if (parsed.success) settings = parsed.data;
    }
  } catch {
    // keep the defaults
  }
  setSettings(settings);
  return settings;
}
