import { defaultErrorMessages, NUL_BYTE_MESSAGE } from '@pilote/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const fastifyErrorMessages: Record<string, { status: number; code: AppError['code']; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Le corps de la requête n’est pas un JSON valide.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'Le corps JSON de la requête est vide.' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: defaultErrorMessages.PAYLOAD_TOO_LARGE,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: defaultErrorMessages.UNSUPPORTED_MEDIA_TYPE,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST', message: defaultErrorMessages.BAD_REQUEST },
};

/**
 * PostgreSQL's answers to a text it cannot store: 22021 (`invalid byte sequence for encoding "UTF8": 0x00`, a NUL
 * byte) and 22P05 (untranslatable character, e.g. `\u0000` cast to jsonb). The request hooks refuse NUL bytes
 * first (plugins/json-body.ts); this is the safety net for any other way one reaches a statement: the client's
 * data, hence 400, not 500 (ADR 0047). Drizzle wraps the driver's error: its causes are searched too.
 */
const INVALID_TEXT_SQLSTATES = new Set(['22021', '22P05']);

export function isInvalidTextError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && INVALID_TEXT_SQLSTATES.has(code)) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * One JSON error shape for everything: `{ error: "<message en français>", code: "<CODE>" }`.
 * 5xx answers never carry the internal message; the full error goes to the log with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) {
        request.log.error({ err: error }, error.message);
      }
      return reply
        .status(error.statusCode)
        .send(
          error.details
            ? { error: error.message, code: error.code, details: error.details }
            : { error: error.message, code: error.code },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = first?.message ?? defaultErrorMessages.VALIDATION_FAILED;
      return reply.status(400).send({
        error: field ? `${field} : ${message}` : message,
        code: 'VALIDATION_FAILED',
        details: error.validation.map((issue) => ({ path: issue.instancePath, message: issue.message })),
      });
    }
    if (isInvalidTextError(error)) {
      request.log.warn({ err: error }, 'text refused by the database');
      return reply.status(400).send({ error: NUL_BYTE_MESSAGE, code: 'VALIDATION_FAILED' });
    }
    const known = error.code ? fastifyErrorMessages[error.code] : undefined;
    if (known) {
      return reply.status(known.status).send({ error: known.message, code: known.code });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ error: defaultErrorMessages.RATE_LIMITED, code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send({ error: defaultErrorMessages.BAD_REQUEST, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: defaultErrorMessages.INTERNAL_ERROR, code: 'INTERNAL_ERROR' });
  });
}
