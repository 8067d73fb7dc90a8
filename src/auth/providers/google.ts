import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { AppError, forbidden, serviceUnavailable, unauthorized } from '../../lib/errors.ts';
import type { IdentityVerifier } from './identity.ts';

/** The two issuers of Google ID tokens (Google Identity, "Verify the Google ID token"). */
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export interface GoogleOptions {
  /** OAuth client ids of our web/mobile apps: the token's `aud` must be one of them. */
  clientIds: string[];
  /** Google's JWKS (default https://www.googleapis.com/oauth2/v3/certs). */
  jwksUrl: string;
  /** When non-empty, the token's `hd` (Workspace domain) must be one of these. */
  hostedDomains: string[];
  /** Least time between JWKS refetches caused by an unknown `kid`, seconds. */
  jwksCooldownSeconds: number;
}

/**
 * Verifies a Google ID token (RS256 only) against Google's JWKS with jose: signature, `iss` ∈
 * GOOGLE_ISSUERS, `aud` ∈ clientIds, `exp`, then `email_verified` and the optional `hd`.
 * Keys are cached and refetched when a token names an unknown `kid` (jose createRemoteJWKSet).
 * @throws 401 UNAUTHORIZED for an invalid token; 403 FORBIDDEN for an unverified e-mail or a
 *   domain outside `hostedDomains`; 503 SERVICE_UNAVAILABLE when the keys cannot be fetched.
 */
export function googleVerifier(options: GoogleOptions): IdentityVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    cooldownDuration: options.jwksCooldownSeconds * 1000,
    timeoutDuration: 5000,
  });
  return async (idToken) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(idToken, jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: options.clientIds,
        algorithms: ['RS256'],
      }));
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWKSTimeout || !(err instanceof joseErrors.JOSEError)) {
        throw serviceUnavailable('Google sign-in keys cannot be fetched right now');
      }
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Google ID token expired');
      throw unauthorized('Invalid Google ID token');
    }
    const { sub, email, email_verified: verified, hd, name } = payload as Record<string, unknown>;
    if (typeof sub !== 'string' || typeof email !== 'string') throw unauthorized('Invalid Google ID token');
    if (verified !== true) throw forbidden('The Google account e-mail is not verified');
    if (options.hostedDomains.length > 0 && !options.hostedDomains.includes(String(hd ?? '').toLowerCase())) {
      throw forbidden('This Google account is outside the allowed Workspace domains');
    }
    return {
      provider: 'google',
      subject: sub,
      tenantId: null,
      hostedDomain: typeof hd === 'string' && hd ? hd.toLowerCase() : null,
      email: email.toLowerCase(),
      name: typeof name === 'string' && name ? name : email,
    };
  };
}
