/**
 * SPEC §1 and §4 "App start": which screen a browser gets (docs/browser-support.md has the rule and
 * its table). Runs before the app, so it stays a few regular expressions.
 */
export type BrowserVerdict = 'app' | 'no-webrtc' | 'recommend-browser';

/** `navigator.userAgentData`, which Chromium-based browsers have. */
export type UserAgentData = { brands?: readonly { brand: string }[]; mobile?: boolean };

/**
 * Mobile browsers (including an iPad asking for desktop sites, which says Macintosh but has touch) and
 * desktop Chromium-based or Safari browsers are judged by WebRTC alone; other desktop browsers
 * (Firefox, the old EdgeHTML Edge, Internet Explorer, unknown ones) get the notice recommending
 * Chrome or Safari. `webrtc`: whether the page has RTCPeerConnection.
 */
export function judgeBrowser(ua: string, data: UserAgentData | undefined, maxTouchPoints: number, webrtc: boolean): BrowserVerdict {
  const judgedByWebrtc =
    data?.mobile ||
    data?.brands?.some(({ brand }) => brand === 'Chromium') ||
    /Mobi|Android|iP(hone|ad|od)/.test(ua) ||
    (maxTouchPoints > 1 && /Macintosh/.test(ua)) ||
    // Chrome, Chromium and the browsers built on them; Safari (and WebKit browsers that say they are
    // Safari). Not Firefox, nor the old Edge, whose user agent names Chrome too.
    (/Chrom|Version\/.*Safari/.test(ua) && !/Firefox|Edge\//.test(ua));
  if (!judgedByWebrtc) return 'recommend-browser';
  return webrtc ? 'app' : 'no-webrtc';
}

/** The rule applied to this page's browser. */
export const judgeThisBrowser = (): BrowserVerdict =>
  judgeBrowser(
    navigator.userAgent,
    (navigator as Navigator & { userAgentData?: UserAgentData }).userAgentData,
    navigator.maxTouchPoints,
    // Not the prefixed webkitRTCPeerConnection: only Chrome before 56 had it alone, and it cannot run the portal's JavaScript.
    'RTCPeerConnection' in window,
  );
