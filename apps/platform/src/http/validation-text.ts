/** One failed check of a request, as fastify-type-provider-zod reports it (the zod issue, split up). */
export interface ValidationIssue {
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const kinds: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

const units: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
  file: ['byte', 'bytes'],
};

/** zod's own texts start like this; a text a schema gives itself (e.g. 'a navigation item id') does not. */
const zodDefault = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

/**
 * A validation failure in words a person can act on: `field` (e.g. 'machineId', or '' for the whole
 * body) and what it must be, e.g. "machineId must be a number." rather than zod's
 * "Invalid input: expected number, received NaN".
 */
export function describeIssue(field: string, issue: ValidationIssue): string {
  const name = field || 'The request';
  const p = issue.params;
  const message = issue.message ?? '';
  if (!zodDefault.test(message)) return `${name}: ${message}.`;
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined$/.test(message)) return `${name} is required.`;
      return `${name} must be ${kinds[String(p.expected)] ?? String(p.expected)}.`;
    case 'too_small':
    case 'too_big': {
      const small = issue.keyword === 'too_small';
      const limit = Number(small ? p.minimum : p.maximum);
      const unit = units[String(p.origin)];
      if (unit) return `${name} must have ${small ? 'at least' : 'at most'} ${limit} ${limit === 1 ? unit[0] : unit[1]}.`;
      const bound = small ? (p.inclusive === false ? 'greater than' : 'at least') : p.inclusive === false ? 'less than' : 'at most';
      return `${name} must be ${bound} ${limit}.`;
    }
    case 'invalid_format':
      return p.format === 'regex' ? `${name} contains characters that are not allowed.` : `${name} is not a valid ${String(p.format)}.`;
    case 'invalid_value':
      return Array.isArray(p.values)
        ? `${name} must be one of: ${p.values.map(String).join(', ')}.`
        : `${name} has a value that is not allowed.`;
    case 'unrecognized_keys':
      return Array.isArray(p.keys)
        ? `Unknown field${p.keys.length === 1 ? '' : 's'}: ${p.keys.map(String).join(', ')}.`
        : 'The request has unknown fields.';
    case 'not_multiple_of':
      return `${name} must be a multiple of ${String(p.divisor)}.`;
    default:
      return `${name} is not valid.`;
  }
}
