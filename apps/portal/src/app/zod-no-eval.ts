import { config } from 'zod/mini';

/**
 * Zod compiles object parsers with `new Function` when the page allows it, and finds out by trying,
 * which the Content-Security-Policy (no eval) reports as a violation. Parsing without that is as correct.
 * Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });
