import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ScimError } from './errors.ts';
import { MAX_RESULTS } from './discovery.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company a SCIM token authenticates (routes under /scim/v2 only). */
    scimCompanyId: string | null;
    /** The SCIM token's id (`stk_…`), for records of who called. */
    scimTokenId: string | null;
  }
}

/** The company of the request's SCIM token. @throws 401 when the scope's hook set none. */
export function scimCompanyOf(request: FastifyRequest): string {
  if (!request.scimCompanyId) throw new ScimError(401, 'A SCIM bearer token is required');
  return request.scimCompanyId;
}

/** The absolute base URL of the SCIM service, for `meta.location` and `$ref`s. */
export const scimBase = (request: FastifyRequest) => `${request.protocol}://${request.host}/scim/v2`;

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';

/** OpenAPI fields every SCIM route shares. */
export const scimDoc = {
  tags: ['scim'],
  security: [{ scimBearer: [] }],
};
const MEANING: Record<number, string> = {
  400: '`invalidFilter`, `invalidSyntax` (a malformed body or URL), `invalidPath`, `invalidValue` or `noTarget` (RFC 7644 §3.12)',
  401: 'No SCIM token, or one that is revoked, rotated or unknown',
  404: 'No such resource in the token’s company',
  409: '`uniqueness`: the userName, e-mail or group name is taken; or the company’s last active admin',
  412: '`If-Match` names a version the resource no longer has',
  429: 'Too many requests for this SCIM token (RATE_LIMIT_AUTHENTICATED a minute); see `Retry-After`',
  500: 'Internal error',
};
/** The SCIM error responses of a route (schema `ScimError`), for the OpenAPI document; 400, 429 and 500 always. */
export const scimErrors = (...codes: number[]) =>
  Object.fromEntries(
    [...new Set([400, ...codes, 429, 500])].map((c) => [
      c,
      Type.Ref('ScimError', { description: `SCIM error: ${MEANING[c] ?? ''}` }),
    ]),
  );

/** `startIndex` and `count` as RFC 7644 §3.4.2.4 reads them: below 1 is 1, below 0 is 0, at most MAX_RESULTS. */
export function pageOf(query: { startIndex?: number; count?: number }) {
  return {
    startIndex: Math.max(1, query.startIndex ?? 1),
    count: Math.min(MAX_RESULTS, Math.max(0, query.count ?? 100)),
  };
}

/**
 * RFC 7644 §3.14 / RFC 9110 §13.1.1: a write with `If-Match` goes ahead only while the resource's
 * version is one of those listed (or `*`). Clients that send none (Okta, Entra ID) are not checked.
 * @throws 412 naming the current version.
 */
export async function assertIfMatch(request: FastifyRequest, current: () => Promise<string>): Promise<void> {
  const header = request.headers['if-match'];
  if (header === undefined || header.trim() === '*') return;
  const version = await current();
  const listed = header.split(',').map((v) => v.trim().replace(/^W\//, ''));
  if (!listed.includes(version.replace(/^W\//, '')))
    throw new ScimError(412, `The resource has changed: its version is ${version}`);
}
