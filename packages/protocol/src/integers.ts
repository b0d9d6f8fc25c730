import { z } from 'zod/mini';

/** The largest id (a PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/**
 * An id in a JSON body or a socket message: a whole number from 1 to {@link MAX_ID}. Never coerced: the
 * text "8", a list `[" 8"]` or `true` is refused, not read as machine 8 or 1 (docs/api.md "Integers").
 */
export const jsonId = z.int().check(z.positive(), z.maximum(MAX_ID));

/**
 * A whole number that arrives as text (a path segment, a query parameter), read only from canonical
 * decimal digits: no sign, no leading zero, no spaces, no "0x8", "1e1" or "8.0". `int` checks the number.
 *
 * @example
 * export const idParam = z.object({ id: decimalText(jsonId) }) // '/machine/8' → 8; '/machine/08' → 400
 */
/* @__NO_SIDE_EFFECTS__ */
export function decimalText<T extends z.ZodMiniType<number, number>>(int: T) {
  return z.pipe(
    z.string().check(z.regex(/^[1-9][0-9]{0,9}$/, 'a whole number in decimal digits (no sign, leading zero or spaces)')),
    z.pipe(z.transform(Number), int),
  );
}
