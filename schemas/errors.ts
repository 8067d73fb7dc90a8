import { Type } from 'typebox';

/**
 * The error catalogue in one place: every `error.code` the API answers with, its HTTP status and
 * what it means to a client. The OpenAPI enum, the per-route response descriptions and docs/api.md
 * all come from this table, so a new code is documented everywhere at once.
 */
export const ERROR_CATALOGUE = {
  VALIDATION_ERROR: { status: 400, meaning: 'Invalid input; `details` lists the fields and reasons' },
  UNAUTHORIZED: { status: 401, meaning: 'Credential missing, expired or invalid' },
  FORBIDDEN: {
    status: 403,
    meaning:
      'The role lacks the permission (`requiredRole`, `currentRole`), or the API key is used from an unauthorized domain',
  },
  NOT_FOUND: { status: 404, meaning: 'No such resource in your company (existence is never revealed)' },
  METHOD_NOT_ALLOWED: { status: 405, meaning: 'The path exists but not with this method; see `Allow`' },
  CONFLICT: {
    status: 409,
    meaning: 'The resource conflicts with the current state (duplicate, quota reached)',
  },
  PAYLOAD_TOO_LARGE: { status: 413, meaning: 'Body, file or storage quota exceeded' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, meaning: 'Content-Type or file type not accepted' },
  RATE_LIMIT_EXCEEDED: {
    status: 429,
    meaning: 'Rate limit or sign-in back-off; wait `retryAfter` seconds (also the `Retry-After` header)',
  },
  INTERNAL_ERROR: { status: 500, meaning: 'Unexpected failure; details are in the server log, never here' },
  BAD_GATEWAY: { status: 502, meaning: 'An upstream (the web search provider) failed or timed out' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning: 'A dependency is not configured or busy (language model, web search); may carry `retryAfter`',
  },
} as const;

export type ErrorCodeName = keyof typeof ERROR_CATALOGUE;

const CODES = Object.keys(ERROR_CATALOGUE) as ErrorCodeName[];

/** `error.code`: one enum of the whole catalogue. */
export const ErrorCode = Type.Enum(CODES, { $id: 'ErrorCode', description: 'Machine-readable error code' });

export const ErrorDetail = Type.Object(
  {
    field: Type.String({ maxLength: 500, description: 'Dotted path of the offending field' }),
    reason: Type.String({ maxLength: 500 }),
  },
  { $id: 'ErrorDetail', additionalProperties: false },
);

const Role = Type.Enum(['COMPANY_ADMIN', 'COMPANY_EDITOR', 'COMPANY_READER']);
const Amount = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Quota = Type.Object(
  { documents: Type.Optional(Amount), storageBytes: Type.Optional(Amount) },
  { additionalProperties: false },
);

/** `{ success: false, error: { code, message, details?, … } }` — the spec's error envelope. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    error: Type.Object(
      {
        code: Type.Ref('ErrorCode'),
        message: Type.String({ maxLength: 2000, description: 'Human-readable; may change' }),
        details: Type.Optional(Type.Array(Type.Ref('ErrorDetail'), { maxItems: 100 })),
        retryAfter: Type.Optional(
          Type.Integer({ minimum: 1, maximum: 86_400, description: '429 and busy 503: seconds to wait' }),
        ),
        reason: Type.Optional(
          Type.Enum(['REQUEST_RATE', 'FAILED_ATTEMPTS'], {
            description:
              '429: `REQUEST_RATE` = too many requests in the window (spec "Limits"); `FAILED_ATTEMPTS` = the failed-attempt back-off of this address, e-mail or credential (docs/auth.md)',
          }),
        ),
        requiredRole: Type.Optional({ ...Role, description: '403 by role: the least role allowed' }),
        currentRole: Type.Optional({ ...Role, description: '403 by role: the caller’s role' }),
        usage: Type.Optional({ ...Quota, description: 'Quota errors: what the company holds' }),
        limit: Type.Optional({ ...Quota, description: 'Quota errors: the company’s limit' }),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'ErrorEnvelope', additionalProperties: false },
);

const STATUS_CODES = new Map<number, ErrorCodeName>(CODES.map((c) => [ERROR_CATALOGUE[c].status, c]));

/**
 * The error responses of a route for the OpenAPI document: the statuses given, plus those every
 * route can answer (400 validation, 429 rate limit, 500). A status may come with a route-specific
 * description (`{ 404: 'No such document' }`); each description starts with its `error.code`.
 */
export const errorResponses = (...statuses: (number | Record<number, string>)[]) => {
  const notes = new Map<number, string>();
  for (const s of statuses) {
    if (typeof s === 'number') notes.set(s, notes.get(s) ?? '');
    else for (const [k, v] of Object.entries(s)) notes.set(Number(k), v);
  }
  for (const s of [400, 429, 500]) if (!notes.has(s)) notes.set(s, '');
  return Object.fromEntries(
    [...notes].map(([status, note]) => {
      const code = status === 422 ? 'VALIDATION_ERROR' : (STATUS_CODES.get(status) ?? 'INTERNAL_ERROR');
      const description = `\`${code}\`: ${note || ERROR_CATALOGUE[code].meaning}`;
      return [status, Type.Ref('ErrorEnvelope', { description })];
    }),
  );
};
