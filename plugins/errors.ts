import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from '../src/lib/errors.ts';
import { allowedMethods } from './methods.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../src/db/unavailable.ts';

interface AjvError {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
  keyword?: string;
}

/** Turns ajv errors into the spec's `details[{field, reason}]`, field as a dotted path. */
function toDetails(errors: AjvError[], context: string | undefined): ErrorDetail[] {
  const seen = new Set<string>();
  const details: ErrorDetail[] = [];
  for (const e of errors) {
    let field = (e.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
      field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
    }
    if (e.keyword === 'additionalProperties' && typeof e.params?.additionalProperty === 'string') {
      field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
    }
    if (!field) field = context ?? 'body';
    const reason = e.keyword === 'required' ? 'is required' : (e.message ?? 'is invalid');
    const key = `${field}:${reason}`;
    if (!seen.has(key)) details.push({ field, reason });
    seen.add(key);
  }
  return details;
}

/**
 * The most entries of `error.details` (the spec's ErrorEnvelope: `maxItems` 100). A body with a
 * thousand bad array items lists the first 100; the message says the request was refused anyway.
 */
const MAX_DETAILS = 100;

/** PostgreSQL SQLSTATEs for text it cannot store: 22021 character_not_in_repertoire, 22P05 untranslatable_character. */
const PG_BAD_TEXT = new Set(['22021', '22P05']);

/** Fastify's own error codes mapped to the catalogue (fastify/lib/errors.js). */
const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported Content-Type'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'VALIDATION_ERROR', 'Request body must not be empty'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'VALIDATION_ERROR', 'Malformed JSON in request body'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_ERROR', 'Invalid Content-Length'],
  FST_ERR_FAILED_ERROR_SERIALIZATION: [500, 'INTERNAL_ERROR', 'Internal server error'],
  FST_REQ_FILE_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'File is larger than the upload limit'],
  FST_FILES_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many files'],
  FST_PARTS_LIMIT: [413, 'PAYLOAD_TOO_LARGE', 'Too many parts'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Expected multipart/form-data'],
  FST_PROTO_VIOLATION: [400, 'VALIDATION_ERROR', 'Prototype pollution attempt'],
};

/** The realm of every 401's challenge. */
const REALM = 'cog-rag';

/**
 * A 401's `WWW-Authenticate` challenge (RFC 9110 §11.6.1: every 401 carries one). Routes that take
 * an API key: `ApiKey realm="cog-rag", header="X-API-Key"`. Every other route: RFC 6750 §3's
 * `Bearer realm="cog-rag"`, with `error="invalid_token"` and the message as `error_description`
 * when a Bearer token was presented (expired, malformed, of an ended session); without one, no
 * error code (§3.1: the request simply lacked authentication).
 */
function challengeOf(request: FastifyRequest, message: string): string {
  if (request.routeOptions.config?.auth === 'apiKey') return `ApiKey realm="${REALM}", header="X-API-Key"`;
  if (!/^Bearer\s/i.test(request.headers.authorization ?? '')) return `Bearer realm="${REALM}"`;
  // error_description allows printable ASCII but `"` and `\` (RFC 6750 §3).
  const description = message.replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, ' ').trim();
  return `Bearer realm="${REALM}", error="invalid_token"${description ? `, error_description="${description}"` : ''}`;
}

/**
 * One error handler for the whole API: every error leaves in the spec's envelope
 * `{success:false, error:{code, message, details?}}`; 5xx never show internals. Unknown
 * routes answer 404 NOT_FOUND in the same envelope.
 */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((err: FastifyError & { validationContext?: string }, request, reply) => {
      let status = 500;
      let body: Record<string, unknown> = { code: 'INTERNAL_ERROR', message: 'Internal server error' };
      if (err instanceof AppError) {
        status = err.statusCode;
        body = {
          code: err.code,
          message: err.message,
          ...(err.details ? { details: err.details.slice(0, MAX_DETAILS) } : {}),
          ...err.extra,
        };
      } else if (isDatabaseUnavailable(err)) {
        // Down, restarting, frozen or out of connections: the client may retry; nothing to fix.
        status = 503;
        body = {
          code: 'SERVICE_UNAVAILABLE',
          message: 'The database is unavailable; try again shortly',
          retryAfter: DATABASE_RETRY_AFTER_SECONDS,
        };
      } else if (err.validation) {
        status = 400;
        const details = toDetails(err.validation as AjvError[], err.validationContext).slice(0, MAX_DETAILS);
        body = { code: 'VALIDATION_ERROR', message: 'Request validation failed', details };
      } else if (err.code && FASTIFY_CODES[err.code]) {
        const [s, code, message] = FASTIFY_CODES[err.code]!;
        status = s;
        body = { code, message };
      } else if (PG_BAD_TEXT.has((err as { code?: string }).code ?? '')) {
        // Text Postgres cannot store (NUL bytes, invalid encodings) that slipped past validation.
        status = 400;
        body = {
          code: 'VALIDATION_ERROR',
          message: 'Text contains characters that cannot be stored (such as NUL)',
        };
      } else if (!err.statusCode && /boundary not found|multipart/i.test(err.message)) {
        status = 400;
        body = { code: 'VALIDATION_ERROR', message: 'Malformed multipart/form-data body' };
      } else if (err.statusCode === 429) {
        status = 429;
        body = { code: 'RATE_LIMIT_EXCEEDED', message: err.message };
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        status = err.statusCode;
        body = { code: status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR', message: err.message };
      }
      if (err instanceof AppError && err.headers) void reply.headers(err.headers);
      if (status === 401 && !reply.hasHeader('www-authenticate'))
        void reply.header('www-authenticate', challengeOf(request, String(body.message ?? '')));
      // Every 429 tells when to come back, whoever raised it (spec "Limits" 2; RFC 9110 §10.2.3).
      if (status === 429 && !reply.hasHeader('retry-after')) {
        const wait = typeof body.retryAfter === 'number' ? body.retryAfter : 1;
        void reply.header('retry-after', wait);
        if (!reply.hasHeader('x-ratelimit-reset')) void reply.header('x-ratelimit-reset', wait);
      }
      if (status === 503) request.log.warn({ err: { message: err.message, code: err.code } }, 'unavailable');
      else if (status >= 500) request.log.error({ err }, 'request failed');
      else
        request.log.info(
          { code: body.code, status, reason: body.reason, route: request.routeOptions.url },
          'request rejected',
        );
      if (reply.sent || reply.raw.headersSent) return;
      if (status === 503 && typeof body.retryAfter === 'number' && !reply.hasHeader('retry-after'))
        void reply.header('retry-after', body.retryAfter);
      return reply.code(status).type('application/json').send({ success: false, error: body });
    });

    /** 405 with `Allow` for a path that exists under other methods, else 404; in the envelope. */
    const notFound = (request: FastifyRequest, reply: FastifyReply) => {
      // A path that exists under another method (TRACE, or PUT on a GET-only path) is 405, not 404,
      // so clients and fuzzers can tell a wrong method from a wrong URL.
      const path = request.url.split('?')[0] ?? '';
      const allow = allowedMethods(app.routeTable, path);
      if (allow.length > 0) {
        return reply
          .code(405)
          .header('allow', allow.join(', '))
          .send({
            success: false,
            error: { code: 'METHOD_NOT_ALLOWED', message: `${request.method} is not allowed on ${path}` },
          });
      }
      return reply.code(404).send({
        success: false,
        error: { code: 'NOT_FOUND', message: `Route ${request.method} ${path} not found` },
      });
    };
    // Answered before body parsing: an unrouted method that carries a body (QUERY, say) would
    // otherwise be refused for its missing Content-Type instead of being told the method is wrong.
    // Callback style: every request passes here, and a promise per request is measurable.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.is404) notFound(request, reply);
      else done();
    });
    app.setNotFoundHandler(notFound);
  },
  { name: 'errors' },
);
