import { z } from 'zod/mini';

/**
 * A copy of `schema` with OpenAPI metadata (a description, examples) in zod's global registry, which
 * the platform's OpenAPI document reads; the same as classic zod's `.meta()`.
 *
 * Marked free of side effects on purpose: a bundler may then drop a schema nobody uses, metadata and
 * all. Only the platform reads the registry, and it loads every schema (no tree-shaking).
 *
 * @example
 * export const balance = documented(z.int(), { description: 'Wallet balance in minor units' })
 */
/* @__NO_SIDE_EFFECTS__ */
export function documented<T extends z.ZodMiniType>(schema: T, meta: z.core.GlobalMeta): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy, meta);
  return copy;
}
