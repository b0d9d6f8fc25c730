import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { defaultSettings, settingsSchema, type Settings } from '@reelcast/protocol';
import { CspSourceList, installSecurityHeaders, SecurityHeaders } from './security-headers.ts';

/** A source list over a machine address the test changes, counting the reads. */
function sourcesOver(initial: string, ttlMs = 60_000) {
  const state = { url: initial, reads: 0, delayMs: 0 };
  const list = new CspSourceList(
    async () => {
      state.reads++;
      const url = state.url;
      await new Promise((resolve) => setTimeout(resolve, state.delayMs));
      return { settings: defaultSettings, machineUrls: [url], fixedUrls: [] };
    },
    { ttlMs },
  );
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

/**
 * A server with the security headers over a Settings.json the test edits (read as the platform reads
 * it, on every call), counting the reads of the whole list. The TTL is long: only a change may refresh it.
 */
async function serverOver(liveChat: Partial<Settings['liveChat']>) {
  const state = { settings: settingsSchema.parse({ liveChat }), reads: 0 };
  const sources = new CspSourceList(
    async () => {
      state.reads++;
      return { settings: state.settings, machineUrls: [], fixedUrls: [] };
    },
    { ttlMs: 60_000, readSettings: async () => state.settings },
  );
  const app = Fastify();
  installSecurityHeaders(app, new SecurityHeaders({ sources, https: false }));
  app.get('/lobby', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  app.get('/player/balance', async () => ({ balance: 0 }));
  /** The policy of an answer, directive by directive. */
  const policy = async (url = '/lobby', headers: Record<string, string> = { accept: 'text/html', 'sec-fetch-dest': 'document' }) => {
    const header = String((await app.inject({ url, headers })).headers['content-security-policy']);
    return Object.fromEntries(
      header
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
  };
  return { app, state, policy };
}

const tawkHosts = [
  'https://*.tawk.to',
  'wss://*.tawk.to',
  'https://cdn.jsdelivr.net',
  'https://fonts.googleapis.com',
  'https://fonts.gstatic.com',
];
const liveChatHosts = ['https://*.livechatinc.com', 'wss://*.livechatinc.com', 'https://*.livechat-files.com'];
const everyValue = (policy: Record<string, string[]>) => Object.values(policy).flat();

describe('the live-chat provider in the Content-Security-Policy', () => {
  it("tawk.to: the loader and widget scripts, its frames, socket, images, fonts and styles, and nothing of LiveChat's", async () => {
    const { app, policy } = await serverOver({ provider: 'tawk', id: '5f2b3c4d5e6f708192a3b4c5/1abcdef12' });
    const p = await policy();
    expect(p['script-src']).toEqual(["'self'", 'https://*.tawk.to', 'https://cdn.jsdelivr.net']);
    expect(p['frame-src']).toEqual(["'self'", 'https://*.tawk.to']);
    expect(p['connect-src']).toEqual(["'self'", 'https://*.tawk.to', 'wss://*.tawk.to']);
    expect(p['img-src']).toEqual(expect.arrayContaining(['https://*.tawk.to', 'data:']));
    expect(p['font-src']).toEqual(expect.arrayContaining(['https://*.tawk.to', 'https://fonts.gstatic.com']));
    expect(p['style-src']).toEqual(["'self'", 'https://*.tawk.to', 'https://fonts.googleapis.com', "'unsafe-inline'"]);
    // A socket is no script source, and no directive names the other provider.
    expect(p['script-src']).not.toContain('wss://*.tawk.to');
    expect(everyValue(p).filter((value) => liveChatHosts.includes(value))).toEqual([]);
    await app.close();
  });

  it("LiveChat: tracking.js and the widget's frame, API, socket, files, fonts and styles, and nothing of tawk.to's", async () => {
    const { app, policy } = await serverOver({ provider: 'livechat', id: '12345678' });
    const p = await policy();
    expect(p['script-src']).toEqual(["'self'", 'https://*.livechatinc.com']);
    expect(p['frame-src']).toEqual(["'self'", 'https://*.livechatinc.com']);
    expect(p['connect-src']).toEqual(["'self'", ...liveChatHosts]);
    expect(p['img-src']).toEqual(["'self'", 'https://*.livechatinc.com', 'https://*.livechat-files.com', 'data:', 'blob:']);
    expect(p['font-src']).toEqual(["'self'", 'https://*.livechatinc.com', 'data:']);
    expect(p['style-src']).toEqual(["'self'", 'https://*.livechatinc.com', "'unsafe-inline'"]);
    expect(everyValue(p).filter((value) => tawkHosts.includes(value))).toEqual([]);
    await app.close();
  });

  it('none: no third-party source at all', async () => {
    const { app, policy } = await serverOver({ provider: 'none', id: '12345678' });
    const p = await policy();
    for (const directive of ['script-src', 'frame-src', 'connect-src', 'font-src'])
      expect(p[directive]).toEqual(["'self'", ...(directive === 'font-src' ? ['data:'] : [])]);
    expect(everyValue(p).filter((value) => value.startsWith('https:') || value.startsWith('wss:'))).toEqual([]);
    await app.close();
  });

  it('follows a Settings.json edit on the next page, without waiting for the TTL; other answers do not re-read the list', async () => {
    const { app, state, policy } = await serverOver({ provider: 'none' });
    expect((await policy())['script-src']).toEqual(["'self'"]);
    const reads = state.reads;

    await policy();
    await policy('/player/balance', { accept: 'application/json', 'sec-fetch-dest': 'empty' });
    expect(state.reads).toBe(reads); // nothing changed: no re-read

    state.settings = settingsSchema.parse({ liveChat: { provider: 'tawk', id: '5f2b3c4d5e6f708192a3b4c5/default' } });
    // An API answer does not make it wait (its policy governs no page) ...
    await policy('/player/balance', { accept: 'application/json', 'sec-fetch-dest': 'empty' });
    expect(state.reads).toBe(reads);
    // ... the next page does, and the one after it is served from the new list.
    expect((await policy())['script-src']).toEqual(["'self'", 'https://*.tawk.to', 'https://cdn.jsdelivr.net']);
    expect((await policy('/lobby', { accept: 'text/html' }))['frame-src']).toEqual(["'self'", 'https://*.tawk.to']);
    expect(state.reads).toBe(reads + 1);

    state.settings = settingsSchema.parse({ liveChat: { provider: 'livechat', id: '12345678' } });
    const p = await policy('/lobby', { 'sec-fetch-dest': 'iframe' });
    expect(p['script-src']).toEqual(["'self'", 'https://*.livechatinc.com']);
    expect(everyValue(p).filter((value) => tawkHosts.includes(value))).toEqual([]);

    state.settings = settingsSchema.parse({ liveChat: { provider: 'none' } });
    expect((await policy())['script-src']).toEqual(["'self'"]);
    await app.close();
  });
});
