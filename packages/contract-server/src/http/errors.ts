// The one error body of the server (docs/wire-and-errors.md "Errors")
// and the one error handler that renders thrown errors with it.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, type FieldError, InvalidError, TooManyRequestsError } from '../store/errors.ts';

/** Reason phrases for the statuses Node does not name (nginx's 444, which fault injection can answer). */
const EXTRA_REASONS: Record<number, string> = { 444: 'No Response' };

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? EXTRA_REASONS[status] ?? 'Error';
}

/**
 * `{ statusCode, error, message, errors? }`. `error` is the reason phrase, or
 * for the OAuth2 endpoints the RFC 6749 error code; `errors` only when there
 * are field errors.
 */
export function errorBody(statusCode: number, message: string, errors?: FieldError[], error?: string) {
  return {
    statusCode,
    error: error ?? reasonPhrase(statusCode),
    message,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/**
 * The token endpoint's error: RFC 6749 §5.2 (`error` = its code,
 * `error_description`), in the one body above (`message` repeats the description).
 */
export function tokenErrorBody(statusCode: 400 | 401, error: string, description: string) {
  return { ...errorBody(statusCode, description, undefined, error), error_description: description };
}

const CONTEXT_NAMES: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'header' };

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv errors → [{ field: 'body.user.username', reason }] (docs/wire-and-errors.md "Errors"). */
function fieldErrors(context: string, errors: AjvError[]): FieldError[] {
  const prefix = CONTEXT_NAMES[context] ?? context;
  return errors.map((e) => {
    const parts = e.instancePath
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') parts.push(e.params.missingProperty);
    if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
      parts.push(e.params.additionalProperty);
      return { field: [prefix, ...parts].join('.'), reason: 'is not an allowed field' };
    }
    return { field: [prefix, ...parts].join('.'), reason: e.message ?? e.keyword };
  });
}

/** Domain errors, schema validation, parser and plugin errors → their status with the error body; anything else → 500. */
export function errorHandler(error: FastifyError & { errors?: unknown }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof InvalidError) {
    return reply.code(400).send(errorBody(400, error.message, error.errors));
  }
  if (error instanceof TooManyRequestsError) reply.header('Retry-After', String(error.retryAfterSeconds));
  if (error instanceof DomainError) {
    return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
  }
  if (error.validation) {
    const errors = fieldErrors(error.validationContext ?? 'body', error.validation as AjvError[]);
    const first = errors[0];
    const message = first ? `${first.field} ${first.reason}` : error.message;
    return reply.code(400).send(errorBody(400, message, errors));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    // Same answer as requireDocumentedBody gives for a type the document does not list.
    const reason = `must be a documented media type, not ${request.headers['content-type']}`;
    return reply.code(400).send(errorBody(400, `The body ${reason}`, [{ field: 'body', reason }]));
  }
  if (!error.statusCode && request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
    // busboy's parse errors carry no status: a malformed upload is bad input.
    return reply
      .code(400)
      .send(errorBody(400, `The upload is not valid: ${error.message}`, [{ field: 'body', reason: error.message }]));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Parser and plugin errors: bad JSON, body too large (413), unsupported media type (415), multipart limits.
    const field = error.code?.startsWith('FST_ERR_CTP') || error.code?.startsWith('FST_') ? 'body' : undefined;
    const message = error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'The file is too large' : error.message;
    return reply.code(status).send(errorBody(status, message, field ? [{ field, reason: message }] : undefined));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(errorBody(500, 'The server could not complete the request.'));
}
