import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { embedLiveChat, liveChatEmbed } from './embed-live-chat';

const propertyId = '5f2b3c4d5e6f708192a3b4c5';
/** A document of its own: its scripts are never fetched (jsdom would say so on every test). */
let doc: Document;
const scripts = () => [...doc.head.querySelectorAll('script')];

beforeEach(() => {
  doc = document.implementation.createHTMLDocument('portal');
  delete window.Tawk_API;
  delete window.Tawk_LoadStart;
  delete window.__lc;
});
afterEach(() => vi.restoreAllMocks());

describe('liveChatEmbed', () => {
  it("tawk.to: embed.tawk.to/{propertyId}/{widgetId} from 'propertyId/widgetId'", () => {
    const embed = liveChatEmbed({ provider: 'tawk', id: `${propertyId}/1abcdef12` });
    expect(embed).toMatchObject({ src: `https://embed.tawk.to/${propertyId}/1abcdef12` });
    expect(liveChatEmbed({ provider: 'tawk', id: ` ${propertyId}/default ` })).toMatchObject({
      src: `https://embed.tawk.to/${propertyId}/default`,
    });
  });

  it('LiveChat: tracking.js, the license a number', () => {
    const embed = liveChatEmbed({ provider: 'livechat', id: '12345678' });
    expect(embed).toMatchObject({ src: 'https://cdn.livechatinc.com/tracking.js' });
    if (typeof embed !== 'object' || embed === null) throw new Error('no embed');
    embed.prepare();
    expect(window.__lc).toEqual({ license: 12345678 });
  });

  it("an id that cannot be the provider's gives the reason, 'none' gives nothing", () => {
    expect(liveChatEmbed({ provider: 'none', id: '12345678' })).toBeNull();
    for (const id of [
      '',
      '   ',
      propertyId,
      `${propertyId}/`,
      `${propertyId}/a/b`,
      'abc/def',
      `${propertyId}/x"onload="1`,
      `../${propertyId}/x`,
    ]) {
      expect(typeof liveChatEmbed({ provider: 'tawk', id }), id).toBe('string');
    }
    for (const id of ['', 'abc', '0', '-5', '1.5', '12 34', '1e9', '99999999999999999999']) {
      expect(typeof liveChatEmbed({ provider: 'livechat', id }), id).toBe('string');
    }
  });
});

describe('embedLiveChat', () => {
  it("adds tawk.to's script once, after setting Tawk_API", () => {
    embedLiveChat({ provider: 'tawk', id: `${propertyId}/default` }, doc);
    embedLiveChat({ provider: 'tawk', id: `${propertyId}/default` }, doc);
    expect(scripts().map((script) => script.src)).toEqual([`https://embed.tawk.to/${propertyId}/default`]);
    expect(scripts()[0]!.async).toBe(true);
    expect(scripts()[0]!.crossOrigin).toBe('anonymous');
    expect(window.Tawk_API).toEqual({});
    expect(window.Tawk_LoadStart).toBeInstanceOf(Date);
  });

  it("adds LiveChat's tracking.js once with window.__lc.license, and a second provider never joins the first", () => {
    embedLiveChat({ provider: 'livechat', id: '12345678' }, doc);
    embedLiveChat({ provider: 'tawk', id: `${propertyId}/default` }, doc);
    expect(scripts().map((script) => script.src)).toEqual(['https://cdn.livechatinc.com/tracking.js']);
    expect(window.__lc?.license).toBe(12345678);
    expect(window.Tawk_API).toBeUndefined();
  });

  it('a bad id loads nothing and says why in the console', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    embedLiveChat({ provider: 'livechat', id: 'not-a-license' }, doc);
    embedLiveChat({ provider: 'tawk', id: '' }, doc);
    expect(scripts()).toEqual([]);
    expect(window.__lc).toBeUndefined();
    expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
      expect.stringMatching(/Live chat \(livechat\) not loaded: liveChat\.id "not-a-license" is not a LiveChat license number/),
      expect.stringMatching(/Live chat \(tawk\) not loaded: liveChat\.id is empty/),
    ]);
  });

  it("'none' adds nothing and says nothing", () => {
    const warn = vi.spyOn(console, 'warn');
    embedLiveChat({ provider: 'none', id: '' }, doc);
    expect(scripts()).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });
});
