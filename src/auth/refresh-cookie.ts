import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

/** The console's refresh token cookie: httpOnly, SameSite=Strict, sent to /api/auth only. */
export const REFRESH_COOKIE = 'cograg_refresh';

/**
 * The header a browser client sends to get (and to use) the refresh token as a cookie rather
 * than in the JSON body. It is the CSRF guard too: a cross-site form or link cannot set a custom
 * header, and cross-origin scripts need a CORS preflight that does not allow credentials; the
 * cookie is SameSite=Strict on top.
 */
export const COOKIE_MODE_HEADER = 'x-refresh-cookie';

/** The header in route schemas (documented in the OpenAPI document, optional). */
export const CookieModeHeaders = Type.Object({
  [COOKIE_MODE_HEADER]: Type.Optional(
    Type.Literal('1', {
      description:
        'Browser clients: deliver the refresh token as an httpOnly cookie (Path=/api/auth, SameSite=Strict) instead of in the body, whose refreshToken is then empty; POST /api/auth/refresh with this header reads the cookie. See docs/console.md.',
    }),
  ),
});

/** Whether the client asked for cookie mode. */
export const wantsCookie = (request: FastifyRequest) => request.headers[COOKIE_MODE_HEADER] === '1';

/** The refresh token from the cookie, only in cookie mode (the header is the CSRF guard). */
export const cookieRefreshToken = (request: FastifyRequest): string | undefined =>
  wantsCookie(request) ? request.cookies[REFRESH_COOKIE] || undefined : undefined;

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/api/auth',
  // Secure whenever the request came over HTTPS (behind a proxy: with TRUST_PROXY); plain HTTP on
  // loopback during development would drop a Secure cookie.
  secure: request.protocol === 'https',
});

/**
 * In cookie mode, moves a session answer's refresh token into the cookie and blanks it in the
 * body; otherwise returns the answer as is (the spec's JSON contract for API clients).
 * @param days the refresh token's lifetime (REFRESH_TOKEN_TTL_DAYS), the cookie's Max-Age.
 */
export function deliverRefreshToken<T extends { refreshToken: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: T,
  days: number,
): T {
  if (!wantsCookie(request)) return data;
  void reply.setCookie(REFRESH_COOKIE, data.refreshToken, {
    ...cookieOptions(request),
    maxAge: days * 86_400,
  });
  return { ...data, refreshToken: '' };
}

/**
 * Sets the refresh cookie for a session opened by a browser redirect (OpenID Connect callback),
 * where no header can ask for cookie mode: the console then refreshes into an access token.
 */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  days: number,
): void {
  void reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(request), maxAge: days * 86_400 });
}

/** Removes the cookie (logout, or a refresh that failed with it). */
export function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[REFRESH_COOKIE] !== undefined)
    void reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
}
