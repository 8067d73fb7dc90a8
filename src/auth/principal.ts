import type { Role } from '../db/schema.ts';

/** Who is calling: a signed-in user (JWT) or a company's API key. */
export type Principal =
  | {
      kind: 'user';
      userId: string;
      companyId: string;
      role: Role;
      email: string;
      sessionId: string;
      /** The user's and the company's names, as the auth cache holds them. */
      name: string;
      companyName: string;
    }
  | {
      kind: 'apiKey';
      apiKeyId: string;
      companyId: string;
      /** The key lets visitors open originals: public answers carry signed links (src/documents/original-links.ts). */
      allowOriginals?: boolean;
      /** A signed visitor of the key's site (docs/widget.md "Signed visitors"); absent: anonymous. */
      visitor?: { id: string; topics?: readonly string[] };
    };

/**
 * How a route authenticates, set as `config.auth` on the route; default `jwt`. `bearer` (the
 * OpenAI-compatible routes, src/routes/openai-compat.ts): `Authorization: Bearer` with either an
 * access token or an API key (`svc_…`), or `X-API-Key`; a key is then checked as on `apiKey` routes.
 */
export type AuthMode = 'jwt' | 'apiKey' | 'bearer' | 'none';

/**
 * The API key a request presents on a route of `mode`: `X-API-Key` on `apiKey` routes; on `bearer`
 * routes a Bearer token shaped like a key (`svc_…`; access tokens are JWTs, `eyJ…`), else
 * `X-API-Key`. Undefined when the request presents none (it then authenticates as a user).
 */
export function presentedApiKey(
  headers: Record<string, string | string[] | undefined>,
  mode: AuthMode | undefined,
): unknown {
  if (mode === 'apiKey') return headers['x-api-key'];
  if (mode !== 'bearer') return undefined;
  const bearer = /^Bearer\s+(svc_\S*)$/i.exec(String(headers.authorization ?? ''))?.[1];
  return bearer ?? headers['x-api-key'];
}
