import { z } from 'zod';
import { userData } from './auth.ts';

/**
 * The signed-in player's own account: profile (GET /player/profile), password change
 * (POST /player/password) and saved settings (POST /api/auth/user/update).
 *
 * @example
 * await fetch('/api/auth/user/update', { method: 'POST', body: JSON.stringify({ user: { settings: { theme: 'light' } } }) })
 */

/** A theme or layout name: letters, digits and dashes. */
const themeName = z.string().regex(/^[A-Za-z0-9-]{1,32}$/, 'letters, digits and - only (at most 32)');

/**
 * SPEC §3 settings entity (layout, themes, direction, customScrollbars, animations) plus the colour
 * mode. Every field is optional: a player who changed nothing has `{}` and the portal's defaults apply.
 */
export const userSettings = z
  .object({
    theme: z.enum(['dark', 'light']).optional().meta({ description: 'Colour mode of the portal' }),
    layout: z.object({ style: themeName.optional() }).strict().optional(),
    themes: z
      .object({ main: themeName.optional(), navbar: themeName.optional(), toolbar: themeName.optional(), footer: themeName.optional() })
      .strict()
      .optional(),
    direction: z.enum(['ltr', 'rtl', 'auto']).optional(),
    customScrollbars: z.boolean().optional(),
    animations: z.boolean().optional(),
  })
  .strict();
export type UserSettings = z.infer<typeof userSettings>;

/** Navigation item ids (SPEC §3 shortcuts), at most 50, no duplicates kept. */
export const shortcutList = z
  .array(z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'a navigation item id'))
  .max(50)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/auth/user/update. A field that is left out keeps its stored value; `settings` is replaced whole. */
export const userUpdateRequest = z
  .object({
    user: z
      .object({
        shortcuts: shortcutList.optional(),
        settings: userSettings.optional(),
      })
      .strict(),
  })
  .strict();
export type UserUpdateRequest = z.input<typeof userUpdateRequest>;

/** The user data of SPEC §3 with the saved settings. */
export const accountUser = userData.extend({
  settings: userSettings,
});
export type AccountUser = z.infer<typeof accountUser>;

/** GET /player/profile: the SPEC §3 user fields, with this session's IP and the login before it. */
export const profileAnswer = accountUser.extend({
  IP: z.string().nullable().meta({ description: 'The IP this session signed in from' }),
  Versions: z.string(),
  LastLogon: z.string().nullable().meta({ description: 'ISO time of the sign-in before this session' }),
  LastLogonIP: z.string().nullable(),
  createdAt: z.string().meta({ description: 'When the account was opened' }),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/**
 * POST /player/password. The new password's length is checked by the server (40101), not the
 * schema, so the client gets the SPEC §8 code rather than 40000.
 */
export const passwordChangeRequest = z
  .object({
    oldPassword: z.string().max(256).regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed'),
    newPassword: z.string().max(256).regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed'),
  })
  .strict();
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

export const passwordChangeAnswer = z.object({
  status: z.literal(true),
  code: z.literal(20000),
  /** Other sessions of the player that were signed out. */
  revokedSessions: z.int(),
});
export type PasswordChangeAnswer = z.infer<typeof passwordChangeAnswer>;
