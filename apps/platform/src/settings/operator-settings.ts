import { z } from 'zod/mini';
import { settingsSchema } from '@reelcast/protocol';
import { validTimeZone } from '@reelcast/protocol/server';

/**
 * Settings.json as the platform reads it: the portal's settings and what only the server uses (the
 * portal never needs it, so its first load does not carry it). docs/configuration.md.
 */
export const operatorSettingsSchema = z.extend(settingsSchema, {
  /** Player protection (docs/player-protection.md). */
  playerProtection: z.prefault(
    z.object({
      /** The IANA time zone whose calendar days, weeks (from Monday) and months the limits count in. */
      timeZone: z._default(
        z.string().check(z.refine((zone) => validTimeZone(zone), 'an IANA time zone, e.g. Europe/Istanbul')),
        'Europe/Istanbul',
      ),
      /** Registration asks for a daily, weekly and monthly cash-in limit. */
      limitsMandatory: z._default(z.boolean(), false),
      /** The reality check's interval (minutes) for a player who has not chosen one. */
      realityCheckMinutes: z._default(z.int().check(z.minimum(5), z.maximum(240)), 60),
    }),
    {},
  ),
});
export type OperatorSettings = z.infer<typeof operatorSettingsSchema>;

export const defaultOperatorSettings: OperatorSettings = operatorSettingsSchema.parse({});
