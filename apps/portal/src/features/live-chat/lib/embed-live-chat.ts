import type { Settings } from '@reelcast/protocol';

type LiveChat = Settings['liveChat'];

declare global {
  interface Window {
    /** tawk.to's API object: the embed reads what the page set on it before it loaded. */
    Tawk_API?: Record<string, unknown>;
    Tawk_LoadStart?: Date;
    /** LiveChat's settings: tracking.js reads the license from it. */
    __lc?: { license?: number };
  }
}

/** What the provider's documented embed needs: the script's address and the globals it reads first. */
export type LiveChatEmbed = { src: string; prepare(): void };

/** tawk.to: a property id (24 hex digits, as tawk.to shows it) and a widget id ('default' or the widget's own). */
const tawkId = /^([0-9a-f]{24})\/([0-9a-z]{1,32})$/i;
/** LiveChat: the numeric license. */
const liveChatLicense = /^[1-9][0-9]{0,14}$/;

/**
 * The embed for Settings.json `liveChat`, or why there is none: null when the provider is 'none',
 * a sentence for the console when the id cannot be the provider's (nothing is loaded then).
 */
export function liveChatEmbed({ provider, id }: LiveChat): LiveChatEmbed | string | null {
  const trimmed = id.trim();
  if (provider === 'none') return null;
  if (!trimmed) return 'liveChat.id is empty';
  if (provider === 'tawk') {
    const match = tawkId.exec(trimmed);
    if (!match) return `liveChat.id "${id}" is not tawk.to's "propertyId/widgetId" (24 hex digits, a slash, the widget id)`;
    return {
      src: `https://embed.tawk.to/${match[1]}/${match[2]}`,
      prepare() {
        window.Tawk_API ??= {};
        window.Tawk_LoadStart = new Date();
      },
    };
  }
  if (!liveChatLicense.test(trimmed)) return `liveChat.id "${id}" is not a LiveChat license number`;
  return {
    src: 'https://cdn.livechatinc.com/tracking.js',
    prepare() {
      window.__lc = { ...window.__lc, license: Number(trimmed) };
    },
  };
}

const marker = 'data-live-chat';

/**
 * SPEC §1 live chat: adds the configured provider's script to the page, once (a second call, or a
 * script already there, adds nothing). A bad id loads nothing and says why in the console.
 */
export function embedLiveChat(liveChat: LiveChat, doc: Document = document): void {
  if (doc.querySelector(`script[${marker}]`)) return;
  const embed = liveChatEmbed(liveChat);
  if (embed === null) return;
  if (typeof embed === 'string') {
    console.warn(`Live chat (${liveChat.provider}) not loaded: ${embed} in Settings.json.`);
    return;
  }
  embed.prepare();
  const script = doc.createElement('script');
  script.async = true;
  script.src = embed.src;
  // tawk.to's snippet asks for an anonymous CORS fetch (its '*' means the same); LiveChat's does not.
  if (liveChat.provider === 'tawk') script.crossOrigin = 'anonymous';
  script.setAttribute(marker, liveChat.provider);
  doc.head.appendChild(script);
}
