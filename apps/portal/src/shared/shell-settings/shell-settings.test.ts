import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserSettings } from '@reelcast/protocol';
import { markGuest, useSessionStore } from '@/shared/session/session-store';
import { setAccessToken } from '@/shared/session/token-storage';
import { makeToken } from '@/test/jwt';
import { signIn } from '@/test/session';
import {
  applyServerSettings,
  changeLayoutStyle,
  changeShellSettings,
  getSavedShellSettings,
  getShellSettings,
  registerRemoteSettingsSave,
  REMOTE_SAVE_DELAY_MS,
  startShellSettings,
} from './shell-settings';

const stored = (owner: string | number) => JSON.parse(window.localStorage.getItem(`settings.${owner}`) ?? 'null') as unknown;

function remote() {
  const sent: UserSettings[] = [];
  let answer: () => void = () => {};
  registerRemoteSettingsSave((settings) => {
    sent.push(settings);
    return new Promise<void>((resolve) => (answer = resolve));
  });
  return { sent, answer: () => answer() };
}

/**
 * The answered save's promise chain has run. Not `vi.runAllTimersAsync()`: that runs every faked timer of
 * the worker, whose files share it (docs/testing.md "Modules loaded once a worker"), until none is left.
 */
const settled = () => vi.advanceTimersByTimeAsync(0);

afterEach(() => {
  registerRemoteSettingsSave(null);
  vi.useRealTimers();
});

describe('shell settings', () => {
  it("keeps the look cookie equal to the look shown (for the platform's render of /lobby), none for the defaults", () => {
    const look = () => document.cookie.split('; ').find((pair) => pair.startsWith('reelcast-look='));
    changeShellSettings({ themes: { main: 'ruby-night' }, quickSettings: { notifications: false, retroThrusters: true } });
    expect(JSON.parse(decodeURIComponent(look()!.slice('reelcast-look='.length)))).toEqual({
      themes: { main: 'ruby-night' },
      quickSettings: { retroThrusters: true },
    });
    changeShellSettings({ quickSettings: { notifications: false } });
    expect(look()).toBeUndefined();
  });

  it('has the defaults for a guest who saved nothing', () => {
    expect(getShellSettings()).toMatchObject({
      layout: { style: 'layout1', config: { mode: 'fullwidth', navbar: { display: true, folded: false, position: 'left' } } },
      themes: { main: 'midnight-gold', navbar: 'midnight-gold', toolbar: 'midnight-gold', footer: 'midnight-gold' },
      direction: 'auto',
      customScrollbars: true,
      animations: true,
    });
  });

  it("saves a guest's changes in this browser only", () => {
    vi.useFakeTimers();
    const { sent } = remote();
    markGuest();
    changeShellSettings({ themes: { main: 'daylight' }, animations: false });
    expect(getShellSettings().themes).toEqual({ main: 'daylight', navbar: 'daylight', toolbar: 'daylight', footer: 'daylight' });
    expect(stored('guest')).toEqual({ themes: { main: 'daylight' }, animations: false });
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS * 2);
    expect(sent).toEqual([]);
  });

  it("sends a player's last change once the changes stop, and keeps a copy in this browser", () => {
    vi.useFakeTimers();
    const { sent } = remote();
    signIn({ id: 7 });
    changeShellSettings({ animations: false });
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS - 1);
    changeShellSettings({ animations: false, direction: 'rtl' });
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS - 1);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ animations: false, direction: 'rtl' }]);
    expect(stored(7)).toEqual({ animations: false, direction: 'rtl' });
    expect(stored('guest')).toBeNull();
  });

  it('resets the layout options when the layout style changes', () => {
    changeShellSettings({ layout: { style: 'layout1', config: { mode: 'boxed', navbar: { folded: true } } }, animations: false });
    expect(getShellSettings().layout.config.navbar.folded).toBe(true);
    changeLayoutStyle('layout2');
    expect(getSavedShellSettings()).toEqual({ layout: { style: 'layout2' }, animations: false });
    expect(getShellSettings().layout.config).toMatchObject({ mode: 'container', navbar: { folded: false } });
  });

  it("applies the server's copy, but not over a change still waiting or on its way", async () => {
    vi.useFakeTimers();
    const { sent, answer } = remote();
    signIn({ id: 7 });
    applyServerSettings(7, { themes: { main: 'ruby-night' } });
    expect(getShellSettings().themes.main).toBe('ruby-night');
    expect(stored(7)).toEqual({ themes: { main: 'ruby-night' } });
    // Another player's copy is not this one's.
    applyServerSettings(8, { themes: { main: 'graphite' } });
    expect(getShellSettings().themes.main).toBe('ruby-night');

    changeShellSettings({ themes: { main: 'daylight' } });
    applyServerSettings(7, { themes: { main: 'ruby-night' } });
    expect(getShellSettings().themes.main).toBe('daylight');
    vi.advanceTimersByTime(REMOTE_SAVE_DELAY_MS);
    expect(sent).toHaveLength(1);
    applyServerSettings(7, { themes: { main: 'ruby-night' } });
    expect(getShellSettings().themes.main).toBe('daylight');
    answer();
    await settled();
    applyServerSettings(7, { themes: { main: 'graphite' } });
    expect(getShellSettings().themes.main).toBe('graphite');
  });

  it("switches to the player's copy in this browser on sign-in, and back to the guest's", () => {
    window.localStorage.setItem('settings.7', JSON.stringify({ themes: { main: 'neon-vegas' } }));
    markGuest();
    changeShellSettings({ themes: { main: 'daylight' } });
    expect(getShellSettings().themes.main).toBe('daylight');
    signIn({ id: 7 });
    expect(getShellSettings().themes.main).toBe('neon-vegas');
    markGuest();
    expect(getShellSettings().themes.main).toBe('daylight');
  });

  it("starts the app in the stored token's player's copy, before the token is checked", () => {
    window.localStorage.setItem('settings.7', JSON.stringify({ themes: { main: 'neon-vegas' } }));
    setAccessToken(makeToken({ id: 7 }));
    expect(useSessionStore.getState().status).toBe('checking');
    expect(startShellSettings().themes.main).toBe('neon-vegas');
    setAccessToken(null);
    expect(startShellSettings().themes.main).toBe('midnight-gold');
  });

  it('ignores a copy in this browser that does not parse', () => {
    window.localStorage.setItem('settings.7', JSON.stringify({ themes: { main: 'no spaces allowed' } }));
    signIn({ id: 7 });
    expect(getShellSettings().themes.main).toBe('midnight-gold');
  });

  it('sends a waiting change at once on logout', () => {
    vi.useFakeTimers();
    const { sent } = remote();
    signIn({ id: 7 });
    changeShellSettings({ animations: false });
    useSessionStore.setState({ status: 'loggingOut' });
    expect(sent).toEqual([{ animations: false }]);
  });

  it("keeps a change the server has not confirmed: the next visit sends it instead of taking the server's older copy", async () => {
    vi.useFakeTimers();
    signIn({ id: 7 });
    // The tab closes within the quiet time: nothing was sent.
    changeShellSettings({ themes: { main: 'graphite' } });
    expect(window.localStorage.getItem('settings.7.unsent')).toBe('1');
    useSessionStore.setState({ status: 'checking', user: null });
    startShellSettings();

    // The next visit: this browser's copy shows, and the profile's older copy does not replace it.
    const { sent, answer } = remote();
    signIn({ id: 7 });
    expect(getShellSettings().themes.main).toBe('graphite');
    applyServerSettings(7, { themes: { main: 'daylight' } });
    expect(getShellSettings().themes.main).toBe('graphite');
    expect(sent).toEqual([{ themes: { main: 'graphite' } }]);
    answer();
    await settled();
    expect(window.localStorage.getItem('settings.7.unsent')).toBeNull();
    applyServerSettings(7, { themes: { main: 'daylight' } });
    expect(getShellSettings().themes.main).toBe('daylight');
  });
});
