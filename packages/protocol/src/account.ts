import { ErrorCode } from './codes.ts';
import { z } from 'zod/mini';
import { userData } from './auth.ts';
import { documented } from './meta.ts';

/**
 * The signed-in player's own account: profile (GET /player/profile), password change
 * (POST /player/password) and saved settings (POST /api/auth/user/update).
 *
 * @example
 * await fetch('/api/auth/user/update', { method: 'POST', body: JSON.stringify({ user: { settings: { theme: 'light' } } }) })
 */

/** A colour scheme's id (apps/portal shared/theme/color-schemes.ts): letters, digits and dashes. */
const schemeId = z.string().check(z.regex(/^[A-Za-z0-9-]{1,32}$/, 'letters, digits and - only (at most 32)'));

/** SHELL.md layouts: vertical navigation, horizontal navigation, horizontal compact with an inline search. */
export const layoutStyles = ['layout1', 'layout2', 'layout3'] as const;
export const layoutStyle = z.enum(layoutStyles);
export type LayoutStyle = z.infer<typeof layoutStyle>;

/** The toolbar's and the footer's options: shown, fixed (stays on screen) or static, above or below the page's edge panels. */
const barOptions = z.strictObject({
  display: z.optional(z.boolean()),
  style: z.optional(z.enum(['fixed', 'static'])),
  position: z.optional(z.enum(['above', 'below'])),
});

/**
 * A layout's options (SPEC §2 "layout options"); each field left out takes the layout's default.
 * `mode` container exists for layout2 and layout3 only; `navbar.folded` and `navbar.position` for layout1.
 */
export const layoutOptions = z.strictObject({
  mode: z.optional(z.enum(['boxed', 'fullwidth', 'container'])),
  scroll: z.optional(z.enum(['body', 'content'])),
  navbar: z.optional(
    z.strictObject({
      display: z.optional(z.boolean()),
      folded: z.optional(z.boolean()),
      position: z.optional(z.enum(['left', 'right'])),
    }),
  ),
  toolbar: z.optional(barOptions),
  footer: z.optional(barOptions),
  leftSidePanel: z.optional(z.strictObject({ display: z.optional(z.boolean()) })),
  rightSidePanel: z.optional(z.strictObject({ display: z.optional(z.boolean()) })),
});
export type LayoutOptions = z.infer<typeof layoutOptions>;

/**
 * SPEC §3 settings entity: layout (style and its options), themes (a colour scheme for the main area,
 * the navbar, the toolbar and the footer), direction, customScrollbars, animations. Every field is
 * optional: a player who changed nothing has `{}` and the portal's defaults apply. `theme` is the
 * colour mode saved before colour schemes existed (light or dark); `themes.main` wins over it.
 */
export const userSettings = z.strictObject({
  theme: documented(z.optional(z.enum(['dark', 'light'])), { description: 'Colour mode saved before colour schemes; themes.main wins' }),
  layout: z.optional(z.strictObject({ style: z.optional(layoutStyle), config: z.optional(layoutOptions) })),
  themes: z.optional(
    z.strictObject({
      main: z.optional(schemeId),
      navbar: z.optional(schemeId),
      toolbar: z.optional(schemeId),
      footer: z.optional(schemeId),
    }),
  ),
  /** `auto` (or left out): the language's direction (Arabic right-to-left). */
  direction: z.optional(z.enum(['ltr', 'rtl', 'auto'])),
  customScrollbars: z.optional(z.boolean()),
  animations: z.optional(z.boolean()),
  /** The quick panel's Quick Settings switches (SPEC §2); what each does: docs/quick-panel.md. */
  quickSettings: z.optional(
    z.strictObject({
      notifications: documented(z.optional(z.boolean()), { description: 'Info and success toasts shown (default true)' }),
      cloudSync: documented(z.optional(z.boolean()), {
        description: 'The look (layout, themes, direction, scrollbars, animations) saved with the account (default true)',
      }),
      retroThrusters: documented(z.optional(z.boolean()), {
        description: 'The classic look: square corners, typewriter type (default false)',
      }),
    }),
  ),
});
export type UserSettings = z.infer<typeof userSettings>;

/** Navigation item ids (SPEC §3 shortcuts), at most 50, no duplicates kept. */
export const shortcutList = z.pipe(
  z.array(z.string().check(z.regex(/^[A-Za-z0-9._-]{1,64}$/, 'a navigation item id'))).check(z.maxLength(50)),
  z.transform((ids: string[]) => [...new Set(ids)]),
);

/** POST /api/auth/user/update. A field that is left out keeps its stored value; `settings` is replaced whole. */
export const userUpdateRequest = z.strictObject({
  user: z.strictObject({
    shortcuts: z.optional(shortcutList),
    settings: z.optional(userSettings),
  }),
});
export type UserUpdateRequest = z.input<typeof userUpdateRequest>;

/** The user data of SPEC §3 with the saved settings. */
export const accountUser = z.extend(userData, {
  settings: userSettings,
});
export type AccountUser = z.infer<typeof accountUser>;

/** GET /player/profile: the SPEC §3 user fields, with this session's IP and the login before it. */
export const profileAnswer = z.extend(accountUser, {
  IP: documented(z.nullable(z.string()), { description: 'The IP this session signed in from' }),
  Versions: z.string(),
  LastLogon: documented(z.nullable(z.string()), { description: 'ISO time of the sign-in before this session' }),
  LastLogonIP: z.nullable(z.string()),
  createdAt: documented(z.string(), { description: 'When the account was opened' }),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/**
 * POST /player/password. The new password's length is checked by the server (40101), not the
 * schema, so the client gets the SPEC §8 code rather than 40000.
 */
export const passwordChangeRequest = z.strictObject({
  oldPassword: z.string().check(z.maxLength(256), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed')),
  newPassword: z.string().check(z.maxLength(256), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed')),
});
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const passwordChangeAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
  /** Other sessions of the player that were signed out. */
  revokedSessions: z.int(),
});
export type PasswordChangeAnswer = z.infer<typeof passwordChangeAnswer>;

/**
 * POST /player/pin: the signed-in player's idle-lock PIN, shown to them once they give their password
 * (the PIN hint of the idle dialog, SPEC §9; docs/pin-lock.md "Showing the PIN").
 *
 * @example
 * pinRevealAnswer.parse(await (await fetch('/player/pin', { method: 'POST', body: JSON.stringify({ password }) })).json()) // { pin: '4821' }
 */
export const pinRevealRequest = z.strictObject({
  password: z.string().check(z.maxLength(256), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed')),
});
export type PinRevealRequest = z.infer<typeof pinRevealRequest>;

export const pinRevealAnswer = z.object({ pin: z.string() });
export type PinRevealAnswer = z.infer<typeof pinRevealAnswer>;
