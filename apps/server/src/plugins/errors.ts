import type { ErrorResponse } from '@candor/contracts/errors';
import { PAYMENT_DEMAND_ISSUE } from '@candor/contracts/staff-texts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, STATUS } from '../lib/app-error.ts';

/** Every error leaves as `{ code, message }`; a 5xx says only "Internal Server Error". */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorResponse = { code: error.code, message: error.message };
      if (error.notice !== undefined) body.notice = error.notice;
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(STATUS[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A text for a customer that asks them to pay (docs/decisions/050), or sends them to a chat
      // outside the platform (045): its own code and status.
      const demand = error.validation.find((issue) => isPaymentDemand(issue.params));
      if (demand?.message) {
        return reply
          .status(STATUS.PAYMENT_DEMAND)
          .send({ code: 'PAYMENT_DEMAND', message: demand.message } satisfies ErrorResponse);
      }
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message } satisfies ErrorResponse);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please wait and try again.',
      } satisfies ErrorResponse);
    }
    // A JSON body over the body limit (1 MB) carries no file: it is not told about the 5 MB of uploads.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .status(413)
        .send({ code: 'VALIDATION_FAILED', message: 'The request is too large.' } satisfies ErrorResponse);
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply
        .status(413)
        .send({ code: 'FILE_TOO_LARGE', message: 'The file is larger than 5 MB.' } satisfies ErrorResponse);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({
        code: error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
        message: error.message,
      } satisfies ErrorResponse);
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply
      .status(500)
      .send({ code: 'INTERNAL', message: 'Internal Server Error' } satisfies ErrorResponse);
  });
}

/**
 * The router's own refusals, met before any route or error handler: a URL whose escapes do not
 * decode (`%zz`, `%ED%A0%80`) and a path parameter longer than the router takes. Fastify would
 * answer them with its own body (`{ error, code: 'FST_…', statusCode }`); they answer
 * `{ code, message }` like every other error. Passed to Fastify as `frameworkErrors`.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply
      .status(400)
      .send({ code: 'VALIDATION_FAILED', message: 'The address is not valid.' } satisfies ErrorResponse);
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply
      .status(414)
      .send({ code: 'VALIDATION_FAILED', message: 'The address is too long.' } satisfies ErrorResponse);
    return;
  }
  request.log.error({ err: error, reqId: request.id }, 'request failed');
  reply.status(500).send({ code: 'INTERNAL', message: 'Internal Server Error' } satisfies ErrorResponse);
}

/** A zod issue raised by `customerText` (its `params` carry the PAYMENT_DEMAND issue code). */
function isPaymentDemand(details: Record<string, unknown>): boolean {
  const params = details.params;
  return (
    typeof params === 'object' && params !== null && 'code' in params && params.code === PAYMENT_DEMAND_ISSUE
  );
}
