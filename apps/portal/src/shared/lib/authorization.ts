/** SPEC §6 role lists. */
export type Role = 'admin' | 'staff' | 'user' | 'guest';

export const authRoles = {
  admin: ['admin'],
  staff: ['admin', 'staff'],
  user: ['admin', 'staff', 'user'],
  onlyGuest: [],
} as const satisfies Record<string, readonly Role[]>;

export type AuthRule = readonly Role[] | null | undefined;

/**
 * Whether a user with `userRoles` may see something guarded by `rule`.
 * No rule: everyone. An empty rule: guests only (a user without roles).
 */
export function hasPermission(rule: AuthRule, userRoles: readonly Role[]): boolean {
  if (rule === null || rule === undefined) return true;
  if (rule.length === 0) return userRoles.length === 0;
  return userRoles.some((role) => rule.includes(role));
}
