/**
 * The error catalogue: every error the API answers with, by stable code (spec "Errors";
 * the codes the spec leaves open are decided in ARCHITECTURE.md and docs/decisions.md).
 * Services throw these; plugins/errors.ts turns them into the envelope.
 */

export interface ErrorDetail {
  field: string;
  reason: string;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly code: string;
  readonly details: ErrorDetail[] | undefined;
  /** Extra fields placed inside `error` (e.g. `requiredRole`, `retryAfter`). */
  readonly extra: Record<string, unknown> | undefined;
  /** Response headers that go with the error (e.g. a back-off's `Retry-After`, `X-RateLimit-*`). */
  readonly headers: Record<string, string | number> | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    options: {
      details?: ErrorDetail[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string | number>;
    } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export const validationError = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'VALIDATION_ERROR', message, { details });
export const unauthorized = (message = 'Authentication is missing, expired or invalid') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, extra?: Record<string, unknown>) =>
  new AppError(403, 'FORBIDDEN', message, { extra });
/** Also for another company's resource: existence is never revealed. */
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const serviceUnavailable = (message: string) => new AppError(503, 'SERVICE_UNAVAILABLE', message);
/** An upstream this service depends on (e.g. the web search provider) failed or timed out. */
export const badGateway = (message: string) => new AppError(502, 'BAD_GATEWAY', message);
