import { create } from 'zustand';
import { settingsSchema, type Settings } from '@reelcast/protocol';

export type { Settings };

export const defaultSettings: Settings = settingsSchema.parse({});

type SettingsState = { settings: Settings };

/** The operator's Settings.json merged over the defaults, once, at start (SPEC §4). */
export const useSettingsStore = create<SettingsState>(() => ({ settings: defaultSettings }));

export const getSettings = (): Settings => useSettingsStore.getState().settings;

export const useSettings = (): Settings => useSettingsStore((state) => state.settings);

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
