import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { markGuest } from '@/shared/session/session-store';
import { signInWithPin, storedLock, testVerifier } from '../lib/pin-lock-test-helpers';
import { PinLock } from './pin-lock';

const verifier = testVerifier('1234');
const IDLE = 60_000;

/** The lock as the loader renders it once Settings.json's pinCheck is on (pin-lock-loader.test.tsx: nothing loads while it is off). */
function renderLock(idleTimeoutMs = IDLE) {
  const logout = vi.fn(async () => {});
  render(<PinLock logout={logout} idleTimeoutMs={idleTimeoutMs} />);
  return { logout };
}

/** Fake clock for the watcher; the dialog's code and checks then run on real timers. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

/** Another tab of the browser changed `key` (localStorage is shared; the event is what that tab's write fires here). */
function otherTab(key: string, value: string | null) {
  if (value === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('idle lock (SPEC §4)', () => {
  it('with a PIN, 60 s without activity store the lock of this session and open the dialog; activity puts it off', async () => {
    signInWithPin(verifier, 'session-1');
    fakeClock();
    renderLock();
    pass(40_000);
    window.dispatchEvent(new Event('pointerdown'));
    pass(IDLE - 1);
    expect(storedLock()).toBeNull();
    pass(1);
    expect(storedLock()).toEqual({ session: 'session-1', failures: 0 });
    vi.useRealTimers();
    expect(await screen.findByRole('dialog', { name: 'Screen locked' })).toBeTruthy();
  });

  it.each([
    ['the player has no PIN', () => signInWithPin(null)],
    ['nobody is signed in', () => (signInWithPin(verifier), markGuest())],
  ])('no lock when %s', async (_, arrange) => {
    arrange();
    fakeClock();
    renderLock();
    pass(IDLE * 3);
    expect(storedLock()).toBeNull();
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a reload while locked opens the dialog at once; a lock from an earlier session is dropped', async () => {
    signInWithPin(verifier, 'session-2');
    window.localStorage.setItem('pin_lock', JSON.stringify({ session: 'session-1', failures: 2 }));
    const { unmount } = render(<PinLock logout={vi.fn()} idleTimeoutMs={IDLE} />);
    await waitFor(() => expect(storedLock()).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    window.localStorage.setItem('pin_lock', JSON.stringify({ session: 'session-2', failures: 2 }));
    renderLock();
    expect(await screen.findByRole('dialog', { name: 'Screen locked' })).toBeTruthy();
  });

  it('the right PIN unlocks: the lock is cleared and the watch starts again', async () => {
    signInWithPin(verifier, 'session-1');
    window.localStorage.setItem('pin_lock', JSON.stringify({ session: 'session-1', failures: 1 }));
    renderLock(500);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('PIN'), '1234{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storedLock()).toBeNull();
    // Half a second idle (this test's idleTimeoutMs) locks again, from a fresh count.
    await waitFor(() => expect(storedLock()).toEqual({ session: 'session-1', failures: 0 }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('follows the other tabs: their lock opens it here, their unlock closes it, their logout while locked logs out here', async () => {
    signInWithPin(verifier, 'session-1');
    const { logout } = renderLock();
    act(() => otherTab('pin_lock', JSON.stringify({ session: 'session-1', failures: 0 })));
    await screen.findByRole('dialog', { name: 'Screen locked' });
    act(() => otherTab('pin_lock', null));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(logout).not.toHaveBeenCalled();

    act(() => otherTab('pin_lock', JSON.stringify({ session: 'session-1', failures: 0 })));
    await screen.findByRole('dialog');
    act(() => otherTab('jwt_access_token', null));
    act(() => otherTab('pin_lock', null));
    await waitFor(() => expect(logout).toHaveBeenCalled());
    expect(screen.getByRole('dialog')).toBeTruthy(); // nothing is shown until the page has left
  });
});
