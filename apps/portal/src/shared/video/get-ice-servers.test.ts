import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IceServersAnswer } from '@reelcast/protocol';
import { defaultSettings, setSettings } from '@/shared/config/settings';
import { iceServerSource } from './get-ice-servers';

const turn = (username: string) => ({ urls: ['turn:turn.test:3478'], username, credential: 'c' });
const stun = { urls: 'stun:stun.test:3478' };

describe('iceServerSource', () => {
  afterEach(() => setSettings(defaultSettings));

  it('asks once and keeps the answer while the TURN credential has more than half its life left', async () => {
    let clock = 1_000_000_000_000;
    const expiresAt = clock / 1000 + 3600;
    const ask = vi.fn(async (): Promise<IceServersAnswer> => ({
      iceServers: [stun, turn(`${expiresAt}:7`)],
      expiresAt: ask.mock.calls.length === 1 ? expiresAt : expiresAt + 3600,
    }));
    const source = iceServerSource(ask, () => clock);
    expect(await source()).toEqual([stun, turn(`${expiresAt}:7`)]);
    clock += 1799_000;
    await source();
    expect(ask).toHaveBeenCalledTimes(1);
    clock += 1000;
    await source();
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('without TURN (no expiry) asks only once', async () => {
    let clock = 0;
    const ask = vi.fn(async (): Promise<IceServersAnswer> => ({ iceServers: [stun] }));
    const source = iceServerSource(ask, () => clock);
    await source();
    clock += 10 * 3600_000;
    expect(await source()).toEqual([stun]);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("falls back to Settings.json's iceServers when the call fails, and asks again at the next open", async () => {
    setSettings({ ...defaultSettings, iceServers: [{ urls: 'stun:fallback.test:3478' }] });
    const ask = vi
      .fn<() => Promise<IceServersAnswer>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ iceServers: [stun, turn('1:7')], expiresAt: 4_000_000_000 });
    const source = iceServerSource(ask, () => 0);
    expect(await source()).toEqual([{ urls: 'stun:fallback.test:3478' }]);
    expect(await source()).toEqual([stun, turn('1:7')]);
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('asks again for another signed-in player (the credential names the player)', async () => {
    let token = 'token-of-7';
    const ask = vi.fn(async (): Promise<IceServersAnswer> => ({ iceServers: [stun] }));
    const source = iceServerSource(
      ask,
      () => 0,
      () => token,
    );
    await source();
    await source();
    token = 'token-of-8';
    await source();
    expect(ask).toHaveBeenCalledTimes(2);
  });

  it('two opens at once share one call', async () => {
    const ask = vi.fn(async (): Promise<IceServersAnswer> => ({ iceServers: [stun] }));
    const source = iceServerSource(ask, () => 0);
    await Promise.all([source(), source()]);
    expect(ask).toHaveBeenCalledTimes(1);
  });
});
