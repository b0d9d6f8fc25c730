import { describe, expect, it } from 'vitest';
import { defaultSettings } from '@reelcast/protocol';
import { CspSourceList } from './security-headers.ts';

/** A source list over a machine address the test changes, counting the reads. */
function sourcesOver(initial: string, ttlMs = 60_000) {
  const state = { url: initial, reads: 0, delayMs: 0 };
  const list = new CspSourceList(async () => {
    state.reads++;
    const url = state.url;
    await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    return { settings: defaultSettings, machineUrls: [url], fixedUrls: [] };
  }, ttlMs);
  return { list, state };
}

describe('CspSourceList', () => {
  it('after a change the next answer waits for the new list, even if a read from before the change is under way', async () => {
    const { list, state } = sourcesOver('http://cab-a.test:9000/whep');
    await list.fresh();
    expect(list.current.connect).toContain('http://cab-a.test:9000');

    state.delayMs = 20;
    list.invalidate();
    const before = list.fresh(); // a read of the old address starts
    state.url = 'https://cab-b.test/whep';
    list.invalidate(); // the machine moves while it is read
    await Promise.all([before, list.fresh()]);
    expect(list.current.connect).toEqual(['https://cab-b.test', 'wss://cab-b.test']);
  });

  it('without a change the list is read once per TTL, and an old one serves while the next is read', async () => {
    const { list, state } = sourcesOver('http://cab-a.test:9000/whep', 30);
    await Promise.all([list.fresh(), list.fresh(), list.fresh()]);
    await list.fresh();
    expect(state.reads).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 40));
    state.delayMs = 50;
    state.url = 'http://cab-c.test/whep';
    await list.fresh(); // past the TTL: answers at once with the old list
    expect(list.current.connect).toContain('http://cab-a.test:9000');
    expect(state.reads).toBe(2);
  });
});
