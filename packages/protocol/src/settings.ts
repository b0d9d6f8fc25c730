import { z } from 'zod/mini';

/**
 * Settings.json (SPEC §4 "an external settings file overrides defaults at start").
 * Every field has a default, so `settingsSchema.parse({})` is the full default configuration and a
 * file that names only what it changes is valid. Unknown keys are dropped.
 *
 * @example
 * const settings = settingsSchema.parse(await (await fetch('/Settings.json')).json())
 */
export const iceServer = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});

export const languageId = z.enum(['en', 'tr', 'ar']);
export type LanguageId = z.infer<typeof languageId>;

/**
 * The cookie the portal sets when the player chooses a language (the choice itself stays in
 * localStorage, SPEC §4), so that the platform can send /login's prerendered first view in that
 * language from the first byte. Not a secret; anything but a language id is ignored.
 */
export const languageCookie = 'reelcast-language';

/**
 * The cookie the portal keeps equal to the look this browser shows (the saved settings' layout,
 * colour schemes, direction, scrollbars, animations and classic look, as URI-encoded JSON of
 * `userSettings`; absent for the defaults), so that the platform renders /lobby's first view in it
 * (docs/architecture.md "First view"). Not a secret; what does not parse is the defaults.
 */
export const lookCookie = 'reelcast-look';

export const settingsSchema = z.object({
  /** Where the REST API lives; empty means the page's own origin. */
  apiBaseUrl: z._default(z.string(), ''),
  /** Sent as site_id on login. */
  siteId: z._default(z.int(), 1),
  defaultLanguage: z._default(languageId, 'tr'),
  languageSelect: z._default(z.boolean(), true),
  currency: z._default(z.string(), 'TRY'),

  autoDiscount: z._default(z.boolean(), true),
  autoBonus: z._default(z.boolean(), true),
  weeklyBonus: z._default(z.boolean(), true),
  discountMinBalance: z._default(z.number().check(z.nonnegative()), 100),
  discountBalanceCheck: z._default(z.boolean(), true),

  liveChat: z.prefault(
    z.object({
      provider: z._default(z.enum(['none', 'tawk', 'livechat']), 'none'),
      id: z._default(z.string(), ''),
    }),
    {},
  ),

  splash: z._default(z.boolean(), false),
  tokenOnlyLogin: z._default(z.boolean(), false),
  contactOnLogin: z._default(z.boolean(), false),
  contacts: z.prefault(
    z.object({
      telegram: z._default(z.string(), ''),
      whatsapp: z._default(z.string(), ''),
      whatsapp2: z._default(z.string(), ''),
    }),
    {},
  ),

  ipCheck: z._default(z.boolean(), false),
  pinCheck: z._default(z.boolean(), false),
  idleTimeoutMs: z._default(z.int().check(z.positive()), 60000),
  externalInfo: z._default(z.boolean(), true),
  adminBar: z._default(z.boolean(), false),
  informationButton: z._default(z.boolean(), true),
  /**
   * The moment /pages/coming-soon counts down to: an ISO 8601 date-time with `Z` or an offset
   * (`2026-01-01T00:00:00+03:00`). Empty (the default): no date set, the page shows no countdown.
   */
  comingSoonDate: z._default(z.union([z.literal(''), z.iso.datetime({ offset: true })]), ''),

  /** SPEC §9 "lobby shown": the lobby groups machines under their brands (off: one grid, no brands asked). */
  showLobby: z._default(z.boolean(), true),
  /** When on, the lobby asks GET /machine/{lobbyDisplayId} instead of GET /machine/all. */
  lobbyDisplay: z._default(z.boolean(), false),
  lobbyDisplayId: z._default(z.int().check(z.positive()), 1),
  zeroBalanceMayPlay: z._default(z.boolean(), false),
  /**
   * SPEC §9 "webcam shown": the game screen also shows the cabinet camera, a second, wider picture of
   * the whole cabinet, when the machine has one (docs/video.md "Cabinet camera").
   */
  showWebcam: z._default(z.boolean(), false),

  /** A jackpot of at least this (display units, as the brand's jackpot string: 20000 = 20,000.00) is flagged hot; 0 flags none. */
  hotFlagLimit: z._default(z.int(), 20000),
  maxAllInLimit: z._default(z.int(), 2500000),
  lobbyUpdate: z._default(z.int(), 10),
  /** Frames a second the game's video asks of the machine (WHEP `?fps=`), at most the band's own 30. */
  framesPerSecond: z._default(z.int().check(z.positive()), 30),
  volume: z._default(z.number().check(z.minimum(0), z.maximum(1)), 1),
  clickSound: z._default(z.number(), 0),
  /** Hot coin amounts in minor units. */
  hotCoins: z._default(z.array(z.int().check(z.positive())), [500, 5000, 10000, 50000, 100000]),

  iceServers: z._default(z.array(iceServer), [{ urls: 'stun:stun.l.google.com:19302' }]),
  /**
   * The game video's RTCPeerConnection `iceTransportPolicy`: 'relay' sends the picture only through a
   * TURN server (the platform's TURN_URLS, docs/video.md); 'all' (the default) lets the browser choose.
   */
  iceTransportPolicy: z._default(z.enum(['all', 'relay']), 'all'),
  /**
   * How the notification socket connects (Socket.IO): 'polling-then-websocket' (the default) starts with
   * HTTP long-polling and upgrades; 'websocket' opens a WebSocket at once, no long-polling request, so
   * several platform instances need no sticky sessions (docs/deployment.md).
   */
  socketTransport: z._default(z.enum(['polling-then-websocket', 'websocket']), 'polling-then-websocket'),

  /** Connection texts (SPEC §8: Turkish by default, configurable). */
  texts: z.prefault(
    z.object({
      connectionLost: z._default(z.string(), 'Bağlantı koptu, lütfen bekleyin.'),
      returnToLobby: z._default(z.string(), 'Lobiye dön'),
      continue: z._default(z.string(), 'Devam et'),
      no: z._default(z.string(), 'Hayır'),
    }),
    {},
  ),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * GET /player/ice-servers: Settings.json's iceServers, then (when the platform has TURN_URLS and
 * TURN_SECRET) a TURN entry with time-limited credentials (TURN REST API: username
 * `{unix expiry}:{player id}`, credential base64(HMAC-SHA1(secret, username)); docs/video.md).
 */
export const iceServersAnswer = z.object({
  iceServers: z.array(iceServer),
  /** Unix seconds when the TURN credential stops working; absent without TURN. */
  expiresAt: z.optional(z.int()),
});
export type IceServersAnswer = z.infer<typeof iceServersAnswer>;

export const defaultSettings: Settings = settingsSchema.parse({});
