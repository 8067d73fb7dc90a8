import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Every method a route of the API answers (auto HEAD included); a preflight allows them all. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Request headers a browser client of the API sends beyond the CORS-safelisted ones: the bearer
 * token, JSON bodies, retries (`Idempotency-Key`), its own request id, a resumed stream
 * (`Last-Event-ID`), conditional lists, the console's refresh-cookie switch and the widget's key
 * and visitor token. `Accept`, `Accept-Language` and `Content-Language` are safelisted but listed
 * anyway: a value outside the safelist's rules (a long one) also needs them allowed.
 */
export const CORS_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept',
  'Accept-Language',
  'Content-Language',
  'Idempotency-Key',
  'X-Request-Id',
  'Last-Event-ID',
  'If-None-Match',
  'If-Modified-Since',
  'X-Refresh-Cookie',
  'X-API-Key',
  'X-Visitor-Token',
];

/**
 * Response headers a script on another origin may read (the safelisted ones, such as
 * `Content-Type` and `Content-Length`, it reads anyway): the spec's rate-limit headers, the 429's
 * `Retry-After`, the request id to quote in a support ticket, an idempotent replay, a created
 * resource's `Location`, a download's file name, the validators of cached lists, the API version,
 * deprecation notices and the 401's challenge.
 */
export const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'Location',
  'Content-Disposition',
  'ETag',
  'X-API-Version',
  'Deprecation',
  'Sunset',
  'Link',
  'WWW-Authenticate',
];

/** How long a browser may reuse a preflight's answer, seconds (Chromium caps it at 7200). */
const PREFLIGHT_MAX_AGE_S = 600;

const shared = {
  methods: CORS_METHODS,
  allowedHeaders: CORS_REQUEST_HEADERS,
  exposedHeaders: CORS_EXPOSED_HEADERS,
  maxAge: PREFLIGHT_MAX_AGE_S,
};

/**
 * @fastify/cors options per request.
 * - `/api/public/*` (the widget's routes): any origin, echoed with `Vary: Origin`, never with
 *   credentials: the API key's authorized domains decide who may use them (403 otherwise).
 * - Everything else follows CORS_ORIGINS: `*` answers `Access-Control-Allow-Origin: *` without
 *   credentials (browsers then send no cookie; a bearer token in `Authorization` still works);
 *   a list echoes a listed origin with `Access-Control-Allow-Credentials: true` (the console's
 *   refresh cookie, `fetch(…, {credentials: 'include'})`) and gives other origins no CORS header.
 * - A request without `Origin` (curl, servers, a same-origin GET) gets no CORS header but `Vary:
 *   Origin`: browsers send `Origin` on every cross-origin request (Fetch standard, "CORS protocol"),
 *   so no reader of the answer needs them, and each answer is ~290 bytes and three header writes
 *   lighter (issue 37). `Vary` keeps a shared cache from serving it to a cross-origin request.
 * Preflights allow CORS_METHODS and CORS_REQUEST_HEADERS for 10 minutes; answers expose
 * CORS_EXPOSED_HEADERS.
 */
export function corsDelegator(corsOrigins: string[] | true) {
  const publicOptions = { ...shared, origin: true, credentials: false };
  const anyOrigin = { ...shared, origin: '*', credentials: false };
  const listed = new Set(corsOrigins === true ? [] : corsOrigins);
  const granted = { ...shared, origin: [...listed], credentials: true };
  // An unlisted origin: no Access-Control-Allow-Origin (the list does not match), no credentials,
  // and still `Vary: Origin`, so a shared cache never hands this answer to a listed origin.
  const refused = { ...granted, credentials: false };
  // `origin: false` ends @fastify/cors's work after it adds `Vary: Origin` (a dynamic option).
  const noOrigin = { origin: false };
  return (request: FastifyRequest, callback: (err: Error | null, options: object) => void) => {
    if (request.headers.origin === undefined) return callback(null, noOrigin);
    if (request.url.startsWith('/api/public/')) return callback(null, publicOptions);
    if (corsOrigins === true) return callback(null, anyOrigin);
    const { origin } = request.headers;
    callback(null, typeof origin === 'string' && listed.has(origin) ? granted : refused);
  };
}

/** CORS for the whole app from `config.corsOrigins` (see corsDelegator). */
async function corsPlugin(app: FastifyInstance) {
  await app.register(cors, { delegator: corsDelegator(app.ctx.config.corsOrigins) });
}

export default fp(corsPlugin, { name: 'cors' });
