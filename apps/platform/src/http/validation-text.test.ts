import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from './validation-text.ts';

/** What fastify-type-provider-zod hands the error handler: the zod issue's code, message and the rest. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  const { code, message, path, ...params } = result.error.issues[0]!;
  return { field: String(path.at(-1) ?? ''), issue: { keyword: code, message, params } };
}

describe('describeIssue', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['a number that is not one', z.object({ machineId: z.coerce.number().int() }), { machineId: 'abc' }, 'machineId must be a number.'],
    ['a missing field', z.object({ username: z.string() }), {}, 'username is required.'],
    ['a wrong type', z.object({ password: z.string() }), { password: 5 }, 'password must be text.'],
    ['text too short', z.object({ password: z.string().min(4) }), { password: 'ab' }, 'password must have at least 4 characters.'],
    ['text too long, limit 1', z.object({ code: z.string().max(1) }), { code: 'ab' }, 'code must have at most 1 character.'],
    ['a number too small', z.object({ amount: z.int().positive() }), { amount: 0 }, 'amount must be greater than 0.'],
    ['a list too long', z.object({ ids: z.array(z.int()).max(2) }), { ids: [1, 2, 3] }, 'ids must have at most 2 items.'],
    ['an unknown option', z.object({ band: z.enum(['720p', '480p']) }), { band: '4k' }, 'band must be one of: 720p, 480p.'],
    ['a bad UUID', z.object({ sessionId: z.uuid() }), { sessionId: 'x' }, 'sessionId is not a valid uuid.'],
    ['a pattern mismatch', z.object({ key: z.string().regex(/^a+$/) }), { key: 'b' }, 'key contains characters that are not allowed.'],
    ['a message of the schema', z.object({ name: z.string().regex(/^a$/, 'letters only') }), { name: '1' }, 'name: letters only.'],
    ['an unknown field', z.object({}).strict(), { isAdmin: true }, 'Unknown field: isAdmin.'],
  ])('%s', (_name, schema, value, text) => {
    const { field, issue } = firstIssue(schema, value);
    expect(describeIssue(field, issue)).toBe(text);
  });
});
