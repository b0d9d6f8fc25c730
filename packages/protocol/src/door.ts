import { z } from 'zod/mini';
import { documented } from './meta.ts';

/**
 * GET {api base}../check (SPEC §7, §4 "IP check"): the caller's address and country as the platform
 * sees them. `status` 1 with code 20000 lets the portal in; `status` 0 with code 0 is the blocked
 * screen (SPEC: "blocked when status is 0 and code is 0"). docs/ip-check.md has the rule.
 */
export const ipCheckAnswer = z.object({
  status: documented(z.union([z.literal(0), z.literal(1)]), { description: '1 allowed, 0 blocked' }),
  code: documented(z.int(), { description: '20000 allowed, 0 blocked' }),
  ip: documented(z.string(), { description: 'The client address the platform sees (TRUST_PROXY decides which)' }),
  country: documented(z.string(), {
    description: "ISO 3166 alpha-2 code; 'LAN' for a private or loopback address; 'ZZ' when the database does not know it",
  }),
});
export type IpCheckAnswer = z.infer<typeof ipCheckAnswer>;

/** The country of a private, loopback or link-local address: the operator's own network. */
export const LAN_COUNTRY = 'LAN';
/** The country of a public address the shipped database does not place. */
export const UNKNOWN_COUNTRY = 'ZZ';

/** A PIN a player types: 4 to 8 digits. */
export const pinText = z.string().check(z.regex(/^\d{4,8}$/, 'a PIN is 4 to 8 digits'));
