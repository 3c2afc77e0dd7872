import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/errors.ts';

const en = z.locales.en();

// zod's own English messages do not say which field failed; a client (and a person reading a 400) needs that.
// Messages written in the contract (docs/product/texts.md) are used verbatim: error maps only run when a schema
// gave no message of its own.
z.config({
  customError: (issue) => {
    const base = en.localeError(issue);
    const text = typeof base === 'string' ? base : (base?.message ?? 'Invalid input');
    const field = formatPath(issue.path ?? []);
    return field ? `${field}: ${text}` : text;
  },
});

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

const safeClientMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type. Send JSON with Content-Type: application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but content-type is application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
};

/** One place that turns every error into the contract's `{ success: false, message }` with the right status. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler(async (_req, reply) =>
    reply.code(404).send({ success: false, message: 'Not found' }),
  );
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ success: false, message });
    }
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send({ success: false, message: err.message });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ success: false, message: 'Internal server error' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        safeClientMessages[err.code] ??
        (err instanceof SyntaxError ? 'Request body is not valid JSON' : err.message || 'Bad request');
      return reply.code(status).send({ success: false, message });
    }
    req.log.error({ err }, 'unhandled error');
    // Never leak internals (SQL, stack traces, file paths) in a 5xx.
    return reply.code(status >= 500 && status < 600 ? status : 500).send({
      success: false,
      message: 'Internal server error',
    });
  });
}
