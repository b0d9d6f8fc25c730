import { ErrorCode, errorText } from '@reelcast/protocol';

export type ErrorParams = Record<string, string | number>;

/**
 * A refusal of a domain rule: a SPEC §8 code, its Params and a text. Services throw it; `http/errors.ts`
 * alone decides the HTTP status it answers with, and the CLI prints it.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, params?: ErrorParams, message?: string) {
    super(message ?? errorText(code, params));
    this.code = code;
    this.params = params;
  }
}

export const invalidRequest = (message?: string) => new DomainError(ErrorCode.InvalidRequest, undefined, message);
export const notFound = (what = 'Not found.') => new DomainError(ErrorCode.NotFound, undefined, what);
