import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserSettings } from '@reelcast/protocol';
import { signIn } from '@/test/session';
import { forAccount, fromAccount } from './cloud-sync';
import {
  applyServerSettings,
  changeShellSettings,
  getSavedShellSettings,
  getShellSettings,
  registerRemoteSettingsSave,
  REMOTE_SAVE_DELAY_MS,
} from './shell-settings';

const look: UserSettings = { themes: { main: 'daylight' }, animations: false, layout: { style: 'layout2' } };

afterEach(() => {
  registerRemoteSettingsSave(null);
  vi.useRealTimers();
});

describe('Cloud Sync (quick panel; docs/quick-panel.md)', () => {
  it('on (the default): the whole settings go to the account and come back from it', () => {
    const on = { ...look, quickSettings: { notifications: false } };
    expect(forAccount(on)).toBe(on);
    expect(fromAccount(on, { themes: { main: 'ruby-night' } })).toBe(on);
    expect(getShellSettings().quickSettings).toEqual({ notifications: true, cloudSync: true, retroThrusters: false });
  });

  it('off: the account keeps only the switches; this browser keeps its look and takes the account’s switches', () => {
    const off = { ...look, quickSettings: { cloudSync: false, retroThrusters: true } };
    expect(forAccount(off)).toEqual({ quickSettings: { cloudSync: false, retroThrusters: true } });
    const account = { themes: { main: 'ruby-night' }, quickSettings: { cloudSync: false, notifications: false } };
    expect(fromAccount(account, off)).toEqual({ ...look, quickSettings: { cloudSync: false, notifications: false } });
  });

  it('a signed-in player with Cloud Sync off sends only the switches, and the server’s copy leaves the look alone', async () => {
    vi.useFakeTimers();
    const sent: UserSettings[] = [];
    registerRemoteSettingsSave((settings) => {
      sent.push(settings);
      return Promise.resolve();
    });
    signIn({ id: 7 });
    changeShellSettings({ ...look, quickSettings: { cloudSync: false } });
    await vi.advanceTimersByTimeAsync(REMOTE_SAVE_DELAY_MS);
    expect(sent).toEqual([{ quickSettings: { cloudSync: false } }]);
    expect(getShellSettings().themes.main).toBe('daylight');

    applyServerSettings(7, { quickSettings: { cloudSync: false, notifications: false } });
    expect(getSavedShellSettings()).toEqual({ ...look, quickSettings: { cloudSync: false, notifications: false } });
    expect(getShellSettings().layout.style).toBe('layout2');

    // Switched on again: this browser's look goes to the account.
    changeShellSettings({ ...getSavedShellSettings(), quickSettings: { cloudSync: true } });
    await vi.advanceTimersByTimeAsync(REMOTE_SAVE_DELAY_MS);
    expect(sent.at(-1)).toEqual({ ...look, quickSettings: { cloudSync: true } });
  });
});
