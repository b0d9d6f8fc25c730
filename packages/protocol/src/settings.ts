import { z } from 'zod';

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
  username: z.string().optional(),
  credential: z.string().optional(),
});

export const languageId = z.enum(['en', 'tr', 'ar']);
export type LanguageId = z.infer<typeof languageId>;

export const settingsSchema = z.object({
  /** Where the REST API lives; empty means the page's own origin. */
  apiBaseUrl: z.string().default(''),
  /** Sent as site_id on login. */
  siteId: z.int().default(1),
  defaultLanguage: languageId.default('tr'),
  languageSelect: z.boolean().default(true),
  currency: z.string().default('TRY'),

  autoDiscount: z.boolean().default(true),
  autoBonus: z.boolean().default(true),
  weeklyBonus: z.boolean().default(true),
  discountMinBalance: z.number().nonnegative().default(100),
  discountBalanceCheck: z.boolean().default(true),

  liveChat: z
    .object({
      provider: z.enum(['none', 'tawk', 'livechat']).default('none'),
      id: z.string().default(''),
    })
    .prefault({}),

  splash: z.boolean().default(false),
  tokenOnlyLogin: z.boolean().default(false),
  contactOnLogin: z.boolean().default(false),
  contacts: z
    .object({
      telegram: z.string().default(''),
      whatsapp: z.string().default(''),
      whatsapp2: z.string().default(''),
    })
    .prefault({}),

  ipCheck: z.boolean().default(false),
  pinCheck: z.boolean().default(false),
  idleTimeoutMs: z.int().positive().default(60000),
  externalInfo: z.boolean().default(true),
  adminBar: z.boolean().default(false),
  informationButton: z.boolean().default(true),

  showLobby: z.boolean().default(true),
  /** When on, the lobby asks GET /machine/{lobbyDisplayId} instead of GET /machine/all. */
  lobbyDisplay: z.boolean().default(false),
  lobbyDisplayId: z.int().positive().default(1),
  showWebcam: z.boolean().default(true),
  zeroBalanceMayPlay: z.boolean().default(false),

  hotFlagLimit: z.int().default(20000),
  maxAllInLimit: z.int().default(2500000),
  lobbyUpdate: z.int().default(10),
  framesPerSecond: z.int().positive().default(30),
  volume: z.number().min(0).max(1).default(1),
  clickSound: z.number().default(0),
  /** Hot coin amounts in minor units. */
  hotCoins: z.array(z.int().positive()).default([500, 5000, 10000, 50000, 100000]),

  iceServers: z.array(iceServer).default([{ urls: 'stun:stun.l.google.com:19302' }]),

  /** Connection texts (SPEC §8: Turkish by default, configurable). */
  texts: z
    .object({
      connectionLost: z.string().default('Bağlantı koptu, lütfen bekleyin.'),
      returnToLobby: z.string().default('Lobiye dön'),
      continue: z.string().default('Devam et'),
      no: z.string().default('Hayır'),
    })
    .prefault({}),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = settingsSchema.parse({});
