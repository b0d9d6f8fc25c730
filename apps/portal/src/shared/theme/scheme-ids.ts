/** The colour scheme of a player who chose none (scheme-palettes.ts, the table in color-schemes.ts). */
export { DEFAULT_SCHEME_ID } from './scheme-palettes';
