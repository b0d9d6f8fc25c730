import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, errorMessages } from '@reelcast/protocol';
import { ApiError } from './api-error.ts';
import { describeIssue } from './validation-text.ts';

/** How a failure of a whole part of the request is named. */
const wholeOf: Record<string, string> = { body: 'The body', querystring: 'The query', params: 'The URL', headers: 'A header' };

const byFastifyCode: Record<string, { status: number; code: ErrorCode; message?: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.PayloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.InvalidRequest, message: 'Content-Type must be application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.InvalidRequest },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.InvalidRequest, message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.InvalidRequest, message: 'The body is not valid JSON.' },
};

/**
 * One error path for the whole API: every failure answers `{ code, ErrorMessage, Params? }` with a
 * 4xx status the client can act on; only a fault of ours answers 500, without detail.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((thrown: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (thrown instanceof ApiError) {
      return reply.status(thrown.statusCode).send(thrown.toAnswer());
    }
    const error = thrown as FastifyError;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const path = first.instancePath.replace(/^\//, '').split('/').filter(Boolean);
      const where = [error.validationContext, ...path].filter(Boolean).join('.');
      const field = path.at(-1) ?? wholeOf[error.validationContext ?? ''] ?? '';
      return reply.status(400).send({
        code: ErrorCode.InvalidRequest,
        ErrorMessage: describeIssue(field, first),
        Params: where ? { field: where } : undefined,
      });
    }
    const known = error.code ? byFastifyCode[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ code: known.code, ErrorMessage: known.message ?? errorMessages[known.code] });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: ErrorCode.InvalidRequest, ErrorMessage: errorMessages[ErrorCode.InvalidRequest] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: ErrorCode.InternalError, ErrorMessage: errorMessages[ErrorCode.InternalError] });
  });
}
