import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';

/** `{status, message, data}` for a success. Handlers return this. */
export const ok = <T>(data: T, message = 'Successful') => ({ status: true as const, message, data });

/**
 * Sends an envelope whose data is JSON text PostgreSQL already built (lists and sync downloads): no
 * parse and re-encode of the rows. The route's declared response schema documents the shape.
 */
export const sendJsonText = (reply: FastifyReply, data: string, message = 'Successful') =>
  reply
    .type('application/json; charset=utf-8')
    .send(`{"status":true,"message":${JSON.stringify(message)},"data":${data}}` as never);

type Issue = { instancePath?: string; message?: string };

/** "first_name: must not be empty" — a message that names the field, unless the rule's message already does. */
const describeIssue = (issue: Issue, context: string | undefined): string => {
  const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const message = issue.message ?? 'is invalid';
  if (!field) return context === 'body' ? `Request body: ${message}` : message;
  const leaf = field.split('.').pop() ?? field;
  return message.includes(leaf) ? message : `${field}: ${message}`;
};

/** Turns every error into the envelope with the right HTTP code; bad input is never a 500. */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        status: false,
        message: error.message,
        data: error.data,
        ...(error.code ? { code: error.code } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = describeIssue(error.validation[0] ?? {}, error.validationContext);
      return reply.status(400).send({ status: false, message, data: null });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply
        .status(500)
        .send({ status: false, message: 'Something went wrong on our side. Please try again.', data: null });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ status: false, message: 'Something went wrong on our side. Please try again.', data: null });
    }
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'Request body: the body must be valid JSON.'
        : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large.'
          : error.message;
    return reply.status(status).send({ status: false, message, data: null });
  });
});
