/** The colour scheme of a player who chose none (shared/theme/color-schemes.ts): dark, gold on midnight blue. */
export const DEFAULT_SCHEME_ID = 'midnight-gold';
