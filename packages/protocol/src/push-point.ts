import { z } from 'zod/mini';

/**
 * Where a notification socket's replay starts (docs/api.md "Notification socket"): the sign-in answers'
 * `pushesFrom`, handed back in the first connection's handshake. `{instance}.{sequence}`: opaque to the
 * portal. A module of its own: the sign-in answers need it without the push schemas.
 */
export const pushPoint = z.string().check(z.regex(/^[0-9a-f]{8}\.\d{1,15}$/, 'a push point'));
