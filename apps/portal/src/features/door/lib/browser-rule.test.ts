import { afterEach, describe, expect, it, vi } from 'vitest';
import { judgeBrowser, judgeThisBrowser } from './browser-rule';

type Row = {
  name: string;
  userAgent: string;
  facts?: { brands?: string[]; mobile?: boolean; maxTouchPoints?: number };
  /** true: the app with WebRTC, the no-WebRTC notice without; false: the recommended-browser notice either way. */
  judgedByWebrtc: boolean;
};

const chromeBrands = { brands: ['Not/A)Brand', 'Chromium', 'Google Chrome'], mobile: false };

/** Real user-agent strings, as each browser sends them (docs/browser-support.md lists the same). */
const table: Row[] = [
  // Desktop, Chromium-based
  {
    name: 'Chrome on Windows',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    facts: chromeBrands,
    judgedByWebrtc: true,
  },
  {
    name: 'Chrome on Windows, from its user agent alone',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    judgedByWebrtc: true,
  },
  {
    name: 'Chrome on macOS',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    facts: chromeBrands,
    judgedByWebrtc: true,
  },
  {
    name: 'Chrome on Linux',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    facts: chromeBrands,
    judgedByWebrtc: true,
  },
  {
    name: 'Edge (Chromium)',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    facts: { brands: ['Not/A)Brand', 'Chromium', 'Microsoft Edge'], mobile: false },
    judgedByWebrtc: true,
  },
  {
    name: 'Opera',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
    facts: { brands: ['Chromium', 'Not.A/Brand', 'Opera'], mobile: false },
    judgedByWebrtc: true,
  },
  {
    name: 'Brave (Chrome’s user agent, its own brand)',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    facts: { brands: ['Not/A)Brand', 'Chromium', 'Brave'], mobile: false },
    judgedByWebrtc: true,
  },
  {
    name: 'Yandex Browser',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 YaBrowser/24.6.0.0 Safari/537.36',
    judgedByWebrtc: true,
  },
  {
    name: 'Vivaldi on Linux',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Vivaldi/6.5.3206.55',
    judgedByWebrtc: true,
  },
  {
    name: 'Samsung Internet on DeX (desktop mode)',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Safari/537.36',
    judgedByWebrtc: true,
  },
  // Desktop, Safari
  {
    name: 'Safari on macOS',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    facts: { maxTouchPoints: 0 },
    judgedByWebrtc: true,
  },
  // Desktop, others
  {
    name: 'Firefox on Windows',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    judgedByWebrtc: false,
  },
  {
    name: 'Firefox on macOS',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0',
    facts: { maxTouchPoints: 0 },
    judgedByWebrtc: false,
  },
  {
    name: 'Firefox on Linux',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    judgedByWebrtc: false,
  },
  {
    name: 'Pale Moon',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:102.0) Gecko/20100101 Goanna/6.5 Firefox/102.0 PaleMoon/33.0.0',
    judgedByWebrtc: false,
  },
  {
    name: 'Edge (EdgeHTML, before Chromium)',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
    judgedByWebrtc: false,
  },
  {
    name: 'Internet Explorer 11',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
    judgedByWebrtc: false,
  },
  // Mobile: WebRTC alone decides
  {
    name: 'Safari on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    facts: { maxTouchPoints: 5 },
    judgedByWebrtc: true,
  },
  {
    name: 'Safari on an older iPad',
    userAgent:
      'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
    facts: { maxTouchPoints: 5 },
    judgedByWebrtc: true,
  },
  {
    name: 'Safari on iPadOS asking for desktop sites (says Macintosh, has touch)',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    facts: { maxTouchPoints: 5 },
    judgedByWebrtc: true,
  },
  {
    name: 'Firefox on iPadOS asking for desktop sites',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0',
    facts: { maxTouchPoints: 5 },
    judgedByWebrtc: true,
  },
  {
    name: 'Chrome on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    judgedByWebrtc: true,
  },
  {
    name: 'Firefox on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
    judgedByWebrtc: true,
  },
  {
    name: 'Chrome on Android',
    userAgent: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    facts: { brands: ['Not/A)Brand', 'Chromium', 'Google Chrome'], mobile: true, maxTouchPoints: 5 },
    judgedByWebrtc: true,
  },
  {
    name: 'Chrome on an Android tablet (no "Mobile" in its user agent)',
    userAgent: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    judgedByWebrtc: true,
  },
  {
    name: 'Firefox on Android',
    userAgent: 'Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0',
    judgedByWebrtc: true,
  },
  {
    name: 'Samsung Internet on Android',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    judgedByWebrtc: true,
  },
  {
    name: 'Android WebView (an app’s embedded page, "; wv)")',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36',
    judgedByWebrtc: true,
  },
  {
    name: 'Facebook’s in-app browser on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.40.99;FBBV/618207767;FBDV/iPhone15,2;FBMD/iPhone;FBSN/iOS;FBSV/17.5.1;FBSS/3;FBID/phone;FBLC/tr_TR;FBOP/5;FBRV/620427212]',
    judgedByWebrtc: true,
  },
  {
    name: 'Facebook’s in-app browser on Android',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-G991B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.179 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/467.0.0.42.85;]',
    judgedByWebrtc: true,
  },
  {
    name: 'Instagram’s in-app browser on iPhone',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 337.0.3.23.54 (iPhone14,5; iOS 17_5_1; tr_TR; tr; scale=3.00; 1170x2532; 618023787)',
    judgedByWebrtc: true,
  },
  {
    name: 'Instagram’s in-app browser on Android',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 Instagram 335.0.0.39.93 Android (34/14; 450dpi; 1080x2340; samsung; SM-A546B; a54x; s5e8835; tr_TR; 610441053)',
    judgedByWebrtc: true,
  },
];

describe('judgeBrowser', () => {
  describe.each(table)('$name', ({ userAgent, facts, judgedByWebrtc }) => {
    const data =
      facts?.brands || facts?.mobile !== undefined
        ? { brands: facts.brands?.map((brand) => ({ brand })), mobile: facts.mobile }
        : undefined;
    const judge = (webrtc: boolean) => judgeBrowser(userAgent, data, facts?.maxTouchPoints ?? 0, webrtc);

    it(judgedByWebrtc ? 'gets the app with WebRTC' : 'gets the notice recommending Chrome or Safari with WebRTC', () => {
      expect(judge(true)).toBe(judgedByWebrtc ? 'app' : 'recommend-browser');
    });

    it(judgedByWebrtc ? 'gets the no-WebRTC notice without it' : 'gets the same notice without WebRTC', () => {
      expect(judge(false)).toBe(judgedByWebrtc ? 'no-webrtc' : 'recommend-browser');
    });
  });

  it('believes userAgentData: a Chromium brand, or mobile, is judged by WebRTC whatever the user agent says', () => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect(judgeBrowser(firefox, { brands: [{ brand: 'Chromium' }] }, 0, true)).toBe('app');
    expect(judgeBrowser(firefox, { mobile: true }, 0, false)).toBe('no-webrtc');
    expect(judgeBrowser(firefox, { brands: [], mobile: false }, 0, true)).toBe('recommend-browser');
  });

  it('an empty or unknown user agent on a desktop is not Chrome or Safari', () => {
    expect(judgeBrowser('', undefined, 0, true)).toBe('recommend-browser');
    expect(judgeBrowser('curl/8.5.0', undefined, 0, true)).toBe('recommend-browser');
  });
});

describe('judgeThisBrowser', () => {
  const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  afterEach(() => {
    Reflect.deleteProperty(window, 'RTCPeerConnection');
    Reflect.deleteProperty(navigator, 'userAgentData');
  });

  it('reads the user agent and whether RTCPeerConnection exists', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(chrome);
    expect(judgeThisBrowser()).toBe('no-webrtc');
    Object.defineProperty(window, 'RTCPeerConnection', { configurable: true, value: class {} });
    expect(judgeThisBrowser()).toBe('app');
  });

  it('reads userAgentData and the touch points', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(firefox);
    expect(judgeThisBrowser()).toBe('recommend-browser');
    Object.defineProperty(navigator, 'userAgentData', {
      configurable: true,
      get: () => ({ brands: [{ brand: 'Chromium' }], mobile: false }),
    });
    expect(judgeThisBrowser()).toBe('no-webrtc');
    Reflect.deleteProperty(navigator, 'userAgentData');
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0',
    );
    expect(judgeThisBrowser()).toBe('recommend-browser');
    vi.spyOn(navigator, 'maxTouchPoints', 'get').mockReturnValue(5);
    expect(judgeThisBrowser()).toBe('no-webrtc');
  });
});
