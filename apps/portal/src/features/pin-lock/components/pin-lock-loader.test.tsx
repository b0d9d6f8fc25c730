import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterFirstView } from '@/shared/lib/after-first-view';
import { createTestQueryClient } from '@/test/query-client';
import { pinCheckSettings, signInWithPin, testVerifier } from '../lib/pin-lock-test-helpers';
import { PinLockLoader } from './pin-lock-loader';

vi.mock('@/shared/lib/after-first-view', () => ({ afterFirstView: vi.fn() }));
vi.mock('./pin-lock', () => ({ PinLock: () => <p>idle lock loaded</p> }));

let firstViewDone!: () => void;
function renderLoader() {
  vi.mocked(afterFirstView).mockReturnValue(new Promise<void>((resolve) => (firstViewDone = resolve)));
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <PinLockLoader logout={vi.fn()} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.mocked(afterFirstView).mockReset());

describe('PinLockLoader: what a first view pays for the idle lock', () => {
  it('with pinCheck on and a signed-in player with a PIN, the lock loads after the first view, not before', async () => {
    pinCheckSettings();
    signInWithPin(testVerifier('1234'));
    renderLoader();
    expect(afterFirstView).toHaveBeenCalledTimes(1);
    await act(async () => {});
    expect(screen.queryByText('idle lock loaded')).toBeNull();
    act(() => firstViewDone());
    expect(await screen.findByText('idle lock loaded')).toBeTruthy();
  });

  it.each([
    ['pinCheck is off', () => (pinCheckSettings(false), signInWithPin(testVerifier('1234')))],
    ['the player has no PIN', () => (pinCheckSettings(), signInWithPin(null))],
    ['nobody is signed in', () => pinCheckSettings()],
  ])('nothing loads when %s', async (_, arrange) => {
    arrange();
    window.localStorage.setItem('pin_lock', '{}');
    renderLoader();
    await act(async () => {});
    expect(afterFirstView).not.toHaveBeenCalled();
    expect(document.body.textContent).toBe('');
    expect(document.querySelector('[aria-busy]')).toBeNull();
  });

  it('a browser that is locked already (a reload) gets a blank cover at once and the lock without waiting for the first view', async () => {
    pinCheckSettings();
    signInWithPin(testVerifier('1234'));
    window.localStorage.setItem('pin_lock', JSON.stringify({ session: 'session-1', failures: 0 }));
    renderLoader();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByText('idle lock loaded')).toBeTruthy();
    expect(afterFirstView).not.toHaveBeenCalled();
  });
});
