import { ErrorCode, errorText } from '@reelcast/protocol';

export type ErrorParams = Record<string, string | number>;

/**
 * A refusal the client can act on: an HTTP status, a SPEC §8 code, and its Params.
 * Anything thrown that is not an ApiError answers 500 / 50000 with no detail.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;

  constructor(statusCode: number, code: ErrorCode, params?: ErrorParams, message?: string) {
    super(message ?? errorText(code, params));
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
  }

  toAnswer() {
    return {
      code: this.code,
      ErrorMessage: this.message,
      ...(this.params ? { Params: this.params } : {}),
    };
  }
}

export const invalidRequest = (message?: string) => new ApiError(400, ErrorCode.InvalidRequest, undefined, message);
export const notFound = (what = 'Not found.') => new ApiError(404, ErrorCode.NotFound, undefined, what);
