import { ApiError } from '@/shared/api/api-error';

/**
 * The field of a form a refusal is about: the one the server names (`Params.field`, as `body.email` or
 * `email`), else the one its code is about (40101 / 40102: the password). Undefined when it names none
 * of `fields`: the message then stands alone (the one error path shows it).
 */
export function refusedField<F extends string>(
  error: unknown,
  fields: readonly F[],
  byCode: Partial<Record<number, F>> = {},
): F | undefined {
  if (!(error instanceof ApiError) || !error.answer) return undefined;
  const named = error.answer.Params?.field;
  const name = typeof named === 'string' ? named.replace(/^body\./, '') : undefined;
  return fields.find((field) => field === name) ?? byCode[error.answer.code];
}
