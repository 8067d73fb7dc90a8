import { AppError } from '../lib/errors.ts';

/** The `schemas` value of every SCIM error body (RFC 7644 §3.12). */
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12 Table 9 `scimType` values this service answers with. */
export type ScimType =
  | 'invalidFilter'
  | 'tooMany'
  | 'uniqueness'
  | 'mutability'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'invalidValue'
  | 'invalidVers'
  | 'sensitive';

/**
 * An error of the SCIM routes: answered as `{schemas: [SCIM_ERROR_SCHEMA], status: "<code>",
 * scimType?, detail}` with `application/scim+json` (src/routes/scim.ts). An AppError, so code
 * shared with the REST API can throw either and the SCIM scope translates the REST ones.
 */
export class ScimError extends AppError {
  readonly scimType: ScimType | undefined;
  constructor(status: number, detail: string, scimType?: ScimType) {
    super(status, scimType ?? (status === 404 ? 'NOT_FOUND' : 'SCIM_ERROR'), detail);
    this.scimType = scimType;
  }
}

export const scimBadRequest = (scimType: ScimType, detail: string) => new ScimError(400, detail, scimType);
export const scimNotFound = (what: 'User' | 'Group' | 'Resource') => new ScimError(404, `${what} not found`);

/**
 * The SCIM error body for any error thrown in the SCIM scope: ScimErrors as they are; the REST
 * API's AppErrors by status (409 → `uniqueness`, other 400s → `invalidValue`); Fastify's body
 * errors as `invalidSyntax`; anything else a 500 without internals.
 */
export function scimErrorBody(err: unknown): { status: number; body: Record<string, unknown> } {
  let status = 500;
  let detail = 'Internal server error';
  let scimType: ScimType | undefined;
  const e = err as { statusCode?: number; code?: string; message?: string; validation?: unknown };
  if (err instanceof ScimError) {
    status = err.statusCode;
    detail = err.message;
    scimType = err.scimType;
  } else if (err instanceof AppError) {
    status = err.statusCode;
    detail = err.message;
    if (status === 409 && /exists/i.test(detail)) scimType = 'uniqueness';
    else if (status === 400) scimType = 'invalidValue';
  } else if (e.validation) {
    status = 400;
    detail = `Request validation failed: ${e.message ?? ''}`.trim();
    scimType = 'invalidSyntax';
  } else if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    status = e.statusCode;
    detail = e.message ?? 'Bad request';
    if (status === 400) scimType = 'invalidSyntax';
  }
  return {
    status,
    body: { schemas: [SCIM_ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail },
  };
}
