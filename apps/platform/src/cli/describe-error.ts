import { DrizzleQueryError } from 'drizzle-orm';
import { DomainError } from '../shared/index.ts';

/**
 * The message of an error, fit for a terminal or a log: a failed query names the database's reason,
 * never the query's parameters (they may hold a password hash or a PIN verifier).
 */
export function describeError(error: unknown): string {
  if (error instanceof DomainError) return `${error.message} (code ${error.code})`;
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause as { message?: string; detail?: string } | undefined;
    return `a database query failed: ${cause?.message ?? 'no reason given'}${cause?.detail ? ` (${cause.detail})` : ''}`;
  }
  return (error as Error).message;
}
