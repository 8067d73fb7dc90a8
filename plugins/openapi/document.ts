import { LIMITS } from '../rate-limit.ts';

/**
 * The fixed parts of the OpenAPI document: info, servers, tags, security schemes and the
 * reusable response headers. Route-level content comes from the routes' schemas.
 */

/** Every tag an operation may use, with what it groups; an operation with another tag fails the tests. */
export const TAGS = [
  { name: 'health', description: 'Liveness and what is running' },
  { name: 'auth', description: 'Sessions: log in, refresh, log out, social sign-in, invitations' },
  { name: 'account', description: 'The signed-in user’s own profile and password' },
  { name: 'documents', description: 'Upload, list, rename, move and delete documents; their chunks' },
  { name: 'topics', description: 'Topics (categories) that organise documents' },
  { name: 'access', description: 'Who may read what: groups and per-topic grants (admin)' },
  { name: 'search', description: 'Retrieval over the company’s documents, and web search' },
  { name: 'chat', description: 'Questions answered from the documents with citations; conversations' },
  { name: 'public', description: 'Widget endpoints, authenticated by `X-API-Key`' },
  {
    name: 'openai',
    description:
      'OpenAI-compatible API under `/v1` for OpenAI clients (SDKs, LangChain, LlamaIndex, Open WebUI): errors in OpenAI’s shape',
  },
  { name: 'api-keys', description: 'API keys for the public endpoints (admin)' },
  { name: 'companies', description: 'The company record, usage, limits and settings' },
  { name: 'users', description: 'User management and invitations (admin)' },
  { name: 'webhooks', description: 'Event subscriptions and their deliveries (admin)' },
  {
    name: 'webhook-events',
    description: 'What Cog-RAG POSTs to your endpoints (the document’s `webhooks`; docs/webhooks.md)',
  },
  {
    name: 'connectors',
    description: 'Sources mirrored into the knowledge base: folders, web sites, S3, IMAP, WebDAV (admin)',
  },
  {
    name: 'insights',
    description: 'Chat activity: questions per day, unanswered questions, cited documents (admin)',
  },
  {
    name: 'evaluations',
    description: 'Question sets run through the company’s own retrieval and answerer, with figures (admin)',
  },
  {
    name: 'answerer',
    description: 'Which answerer the company’s questions go to, its models, and a test question (admin)',
  },
  {
    name: 'scim',
    description:
      'SCIM 2.0 provisioning under `/scim/v2` for identity providers (Okta, Entra ID), with a company SCIM token; errors in SCIM’s shape (RFC 7644 §3.12). Tokens: `/api/scim-tokens` (admin)',
  },
  {
    name: 'audit',
    description: 'Audit log: administrative actions and security events, hash-chained per company (admin)',
  },
];

const limitsTable = (
  Object.entries({
    authenticated: 'Authenticated endpoints (per user)',
    public: 'Public endpoints (per API key: the key’s ceiling)',
    publicPerIp: 'Public endpoints (per client IP and API key: a visitor’s share)',
    upload: 'Document upload (per user)',
    chatStream: 'Chat streaming (per API key)',
    login: 'Sign-in and sign-up (per client IP)',
  }) as [keyof typeof LIMITS, string][]
)
  .map(([group, label]) => `| ${label} | ${LIMITS[group]} (default) |`)
  .join('\n');

export const INFO = {
  title: 'Cog-RAG API',
  version: '3.5.0',
  summary: 'Self-hosted document search and chat grounded in your documents, with citations.',
  description:
    'Every JSON response uses the envelope `{success: true, data}` or `{success: false, error: {code, message, details?}}`; ' +
    '`error.code` is one of the `ErrorCode` values.\n\n' +
    'Authenticate with `Authorization: Bearer <accessToken>` (from `POST /api/auth/login`, valid 3600 s, renewed with ' +
    '`POST /api/auth/refresh`) or, on `/api/public/*`, with `X-API-Key`.\n\n' +
    'Rate limits, requests per minute (every response carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`; a 429 ' +
    'also `Retry-After` and `error.retryAfter`):\n\n| Class | Limit |\n|---|---|\n' +
    limitsTable +
    '\n\nSafe retries: creating `POST`s, the upload and `chat/message` take `Idempotency-Key` (IETF draft ' +
    'httpapi-idempotency-key-header): the same key and request within 24 h answers the stored response ' +
    '(`Idempotent-Replayed: true`), another request 422, a request still in progress 409.\n\n' +
    'Versioning: compatible changes ship in place; a deprecated operation is `deprecated: true` here and answers ' +
    '`Deprecation` (RFC 9745) and `Sunset` (RFC 8594) headers for at least 6 months before removal.' +
    '\n\nIntegration guide: docs/api.md in the repository.',
  // The package is private and names no licence or public tracker yet: say so rather than invent one.
  contact: { name: 'Cog-RAG maintainers (the operator of this instance)' },
  // An SPDX identifier is required by OpenAPI 3.1 tooling; LicenseRef- names a licence SPDX does not list.
  license: { name: 'Proprietary (private; see the repository)', identifier: 'LicenseRef-Proprietary' },
};

export const SERVERS = [
  {
    url: '/',
    description: 'This server (production or local): the host that serves this document',
    'x-internal': false,
  },
];

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Access token from `POST /api/auth/login` (or refresh, Google, Microsoft, accept-invitation): an HS256 JWT, ' +
      'valid 3600 s, following the RFC8725 best practices (fixed algorithm, expiry, audience and issuer checked; ' +
      'the session is checked on every request, so logout revokes it).',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      'A company’s API key (`svc_live_…` or `svc_test_…`), created with `POST /api/api-keys`; for `/api/public/*` ' +
      'only. Optionally restricted to authorized domains (the `Origin`/`Referer` of the request).',
  },
  scimBearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A company’s SCIM token (`scim_…`), created with `POST /api/scim-tokens`; for `/scim/v2/*` only. It sees only its company’s users and groups.',
  },
};

const int = (description: string) => ({
  description,
  schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1_000_000 },
});

/** Reusable response headers: the spec's rate-limit headers and CORS. */
export const HEADERS = {
  'X-RateLimit-Limit': int('Requests allowed per minute for this route’s class'),
  'X-RateLimit-Remaining': int('Requests left in the current window'),
  'X-RateLimit-Reset': int('Seconds until the window resets'),
  'Retry-After': int('Seconds to wait before retrying (429; same as `error.retryAfter`)'),
  'Access-Control-Allow-Origin': {
    description: 'Sent when the request’s `Origin` is allowed by `CORS_ORIGINS`',
    schema: { type: 'string', maxLength: 2000, format: 'uri' },
  },
};
