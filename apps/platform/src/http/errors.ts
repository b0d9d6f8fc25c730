import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorMessages, errorText, ProtectionCode } from '@reelcast/protocol';
import { DomainError, type ErrorParams } from '../shared/index.ts';
import { ApiError } from './api-error.ts';
import { describeIssue } from './validation-text.ts';

/**
 * The HTTP status of each code a service throws (as DomainError): the one place that decides it.
 * 401 asks the client to sign in again, 403 refuses who is asking, 409 conflicts with the state of
 * things, 429 asks to slow down, 502 when a machine cannot be reached.
 */
const statusOfCode: Record<ErrorCode, number> = {
  [ErrorCode.WrongPassword]: 401,
  [ErrorCode.UnknownUser]: 401,
  [ErrorCode.AccountBlocked]: 403,
  [ErrorCode.IpNotPermitted]: 403,
  [ErrorCode.Banned]: 403,
  [ErrorCode.SessionTerminated]: 409,
  [ErrorCode.SignatureNotVerified]: 401,
  [ErrorCode.InvalidRequest]: 400,
  [ErrorCode.Success]: 200,
  [ErrorCode.OldPasswordWrong]: 400,
  [ErrorCode.PasswordTooShort]: 400,
  [ErrorCode.PipelineFailed]: 502,
  [ErrorCode.SecondsLeftToDeposit]: 409,
  [ErrorCode.SessionClosing]: 409,
  [ErrorCode.SecondsLeftToContinue]: 409,
  [ErrorCode.InsufficientFunds]: 409,
  [ErrorCode.IdempotencyConflict]: 409,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.TooManyRequests]: 429,
  [ErrorCode.MachineBusy]: 403,
  [ErrorCode.TransferResolved]: 409,
  [ErrorCode.InternalError]: 500,
  [ErrorCode.PromotionDisabled]: 403,
  [ErrorCode.PromotionCooldown]: 429,
  [ErrorCode.PromotionBalanceTooHigh]: 409,
  [ErrorCode.PromotionNothingToGrant]: 409,
  [ErrorCode.PromotionAlreadyClaimed]: 409,
  [ErrorCode.PromotionPlayOpen]: 409,
  [ErrorCode.PasswordTooWeak]: 400,
  [ErrorCode.RoleRequired]: 403,
  [ErrorCode.RegistrationClosed]: 403,
  [ErrorCode.AccountTaken]: 409,
  [ErrorCode.OwnMoneyRequest]: 403,
  [ErrorCode.MoneyRequestDecided]: 409,
  [ErrorCode.Gone]: 410,
  [ErrorCode.MailLinkInvalid]: 410,
  [ErrorCode.MachineCreditTooLow]: 409,
  [ErrorCode.MachineLocked]: 409,
  [ErrorCode.MachineNotPlaying]: 409,
  [ErrorCode.MachineBetLimit]: 409,
  [ErrorCode.MachineAutoplayActive]: 409,
  [ErrorCode.MachineCreditLimit]: 409,
  [ErrorCode.MachineNothingToCollect]: 409,
  [ErrorCode.TimedOut]: 403,
  [ErrorCode.SelfExcluded]: 403,
  [ProtectionCode.CashInLimitReached]: 409,
  [ProtectionCode.LossLimitReached]: 409,
  [ProtectionCode.LimitCoolingOff]: 409,
  [ProtectionCode.NothingToConfirm]: 409,
  [ProtectionCode.PlayTimeLimitReached]: 409,
  [ProtectionCode.LossLimitReachedInPlay]: 409,
  [ProtectionCode.RealityCheckPending]: 409,
};

/** The answer body of a refusal: `{ code, ErrorMessage, Params? }`. */
const errorAnswerOf = (error: DomainError) => ({
  code: error.code,
  ErrorMessage: error.message,
  ...(error.params ? { Params: error.params } : {}),
});

/** How a failure of a whole part of the request is named. */
const wholeOf: Record<string, string> = { body: 'The body', querystring: 'The query', params: 'The URL', headers: 'A header' };

const byFastifyCode: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PayloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.InvalidRequest, message: 'Content-Type must be application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.InvalidRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.InvalidRequest, message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.InvalidRequest, message: 'The body is not valid JSON.' },
};

/** A failure as its answer: the status and the body `{ code, ErrorMessage, Params? }`. */
export interface FailureAnswer {
  status: number;
  body: { code: ErrorCode; ErrorMessage: string; Params?: ErrorParams };
}

/**
 * One error path for the whole API: every failure answers `{ code, ErrorMessage, Params? }` with a
 * 4xx status the client can act on; only a fault of ours answers 500, without detail.
 */
export function failureAnswer(thrown: unknown, request: FastifyRequest): FailureAnswer {
  if (thrown instanceof DomainError) {
    const status = thrown instanceof ApiError ? thrown.statusCode : statusOfCode[thrown.code];
    return { status, body: errorAnswerOf(thrown) };
  }
  const error = thrown as FastifyError;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0]!;
    const path = first.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    const where = [error.validationContext, ...path].filter(Boolean).join('.');
    const field = path.at(-1) ?? wholeOf[error.validationContext ?? ''] ?? '';
    return {
      status: 400,
      body: { code: ErrorCode.InvalidRequest, ErrorMessage: describeIssue(field, first), ...(where ? { Params: { field: where } } : {}) },
    };
  }
  const known = error.code ? byFastifyCode[error.code] : undefined;
  if (known) return { status: known.status, body: { code: known.code, ErrorMessage: known.message ?? errorText(known.code) } };
  if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { code: ErrorCode.InvalidRequest, ErrorMessage: errorMessages[ErrorCode.InvalidRequest] } };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, body: { code: ErrorCode.InternalError, ErrorMessage: errorMessages[ErrorCode.InternalError] } };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body } = failureAnswer(thrown, request);
    return reply.status(status).send(body);
  });
}

/**
 * The error path of a route whose refusals carry `fields` besides the usual ones (a promotion call's
 * `status: false`, SPEC §3): for every failure of the route, its hooks' (a rate limit) included.
 */
export function failureAnswering(fields: Record<string, unknown>) {
  return (thrown: unknown, request: FastifyRequest, reply: FastifyReply): void => {
    const { status, body } = failureAnswer(thrown, request);
    void reply.status(status).send({ ...fields, ...body });
  };
}
