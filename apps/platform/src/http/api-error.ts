import type { ErrorCode } from '@reelcast/protocol';
import { DomainError, type ErrorParams } from '../shared/index.ts';

/**
 * A refusal decided by the HTTP layer itself, with its own status (an origin refused, a rate limit, an
 * answer relayed from a machine agent). Domain services throw DomainError, whose status
 * `http/errors.ts` chooses by code.
 */
export class ApiError extends DomainError {
  readonly statusCode: number;

  constructor(statusCode: number, code: ErrorCode, params?: ErrorParams, message?: string) {
    super(code, params, message);
    this.statusCode = statusCode;
  }
}
