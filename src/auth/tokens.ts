import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '../db/schema.ts';
import { unauthorized } from '../lib/errors.ts';

/** The spec's JWT claims, plus `sid` (the login session, so logout can revoke access tokens). */
export interface AccessClaims {
  sub: string;
  email: string;
  role: Role;
  companyId: string;
  sid: string;
  iat: number;
  exp: number;
}

/** `iss` of our access tokens (RFC 7519 §4.1.1); verified on every request. */
export const TOKEN_ISSUER = 'cog-rag';
/** `aud` of our access tokens (RFC 7519 §4.1.3): the REST API, so no other token type passes. */
export const TOKEN_AUDIENCE = 'cog-rag-api';

/** The 401 message of a genuine but expired access token (not a guess: the back-off skips it). */
export const TOKEN_EXPIRED = 'Access token expired';

/**
 * Signs an HS256 access token with `exp = iat + ttlSeconds` (spec: 3600), `iss` TOKEN_ISSUER and
 * `aud` TOKEN_AUDIENCE. HS256 is deterministic: the same claims and `iat` give the same token,
 * which is how a refresh replayed within the grace window answers the same pair.
 * @param iat seconds since the epoch; default now.
 */
export async function signAccessToken(
  secret: Uint8Array,
  claims: Omit<AccessClaims, 'iat' | 'exp'>,
  ttlSeconds: number,
  iat = Math.floor(Date.now() / 1000),
): Promise<string> {
  return new SignJWT({ email: claims.email, role: claims.role, companyId: claims.companyId, sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(secret);
}

/**
 * Verifies signature, algorithm (HS256 only), `iss`, `aud` and expiry. The role and company in
 * the claims are informative: plugins/auth.ts reads them from the session's user.
 * @throws AppError 401 UNAUTHORIZED for any invalid, expired or malformed token.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    const { sub, email, role, companyId, sid, iat, exp } = payload as Partial<AccessClaims>;
    if (!sub || !email || !role || !companyId || !sid || !iat || !exp)
      throw unauthorized('Invalid token claims');
    return { sub, email, role, companyId, sid, iat, exp };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw unauthorized(TOKEN_EXPIRED);
    if (err instanceof joseErrors.JOSEError) throw unauthorized('Invalid access token');
    throw err;
  }
}

/** An opaque random token (256 bits, base64url) for refresh tokens and API keys. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex: how refresh tokens and API keys are stored (immich api-key.service). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
