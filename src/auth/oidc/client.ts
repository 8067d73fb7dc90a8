import * as oidc from 'openid-client';
import type { OidcProviderConfig } from '../../config/oidc.ts';
import { forbidden, serviceUnavailable, unauthorized } from '../../lib/errors.ts';
import type { ProviderIdentity } from '../providers/identity.ts';

/** What the browser's flow cookie carries between the redirect and the callback. */
export interface OidcFlow {
  state: string;
  nonce: string;
  /** PKCE code_verifier (RFC 7636); its S256 challenge went with the authorization request. */
  verifier: string;
  /** The redirect_uri sent, which the token request must repeat. */
  redirectUri: string;
}

/** A verified sign-in: who, and the groups (and role names) the provider lists for them. */
export interface OidcResult {
  identity: ProviderIdentity;
  externalGroups: string[];
}

/** How long discovery metadata is reused before it is read again, ms. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/**
 * One configured OpenID Connect provider, through openid-client (v6, certified RP library):
 * discovery (cached an hour, read again after a failure), the authorization code flow with
 * PKCE S256, `state` and `nonce`, and the ID token checks (signature against the provider's JWKS,
 * `iss`, `aud`, `azp`, `exp`/`iat` with `clockToleranceSeconds`, `nonce`; the signature even
 * though the token came straight from the token endpoint). The JWKS is read afresh
 * for each sign-in (a new Configuration per callback), so a key rotation at the provider needs
 * nothing here. RFC 9207's `iss` response parameter is checked when the provider sends it.
 */
export class OidcProvider {
  private discovered: { at: number; config: Promise<oidc.Configuration> } | null = null;

  readonly settings: OidcProviderConfig;

  constructor(settings: OidcProviderConfig) {
    this.settings = settings;
  }

  /** The authorization URL to send the browser to, and the flow to keep in its cookie. */
  async start(redirectUri: string): Promise<{ url: URL; flow: OidcFlow }> {
    const config = await this.configuration();
    const flow: OidcFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      redirectUri,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return { url, flow };
  }

  /**
   * Exchanges the callback's code and verifies the ID token; claims come from the ID token, and
   * from the userinfo endpoint (same `sub`) when it lacks the e-mail or the groups claim.
   * @throws 401 for a refused response or token (the library's reason in the message), 403 for an
   *   e-mail the provider may not vouch for, 503 when the provider cannot be reached.
   */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcResult> {
    const fresh = this.fresh(await this.configuration());
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(fresh, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      const { emailClaim, groupsClaim } = this.settings;
      const lacking =
        idClaims[emailClaim] === undefined || (groupsClaim && idClaims[groupsClaim] === undefined);
      let userinfo: Record<string, unknown> = {};
      if (lacking && fresh.serverMetadata().userinfo_endpoint && tokens.access_token)
        userinfo = await oidc.fetchUserInfo(fresh, tokens.access_token, idClaims.sub);
      claims = { ...userinfo, ...idClaims };
    } catch (err) {
      throw this.refusal(err);
    }
    return this.identityOf(claims);
  }

  /** RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0); null when not supported. */
  async endSessionUrl(postLogoutRedirectUri: string, idTokenHint?: string): Promise<URL | null> {
    const config = await this.configuration();
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: postLogoutRedirectUri,
      ...(idTokenHint ? { id_token_hint: idTokenHint } : {}),
    });
  }

  private configuration(): Promise<oidc.Configuration> {
    if (this.discovered && Date.now() - this.discovered.at < DISCOVERY_TTL_MS) return this.discovered.config;
    const { issuer, clientId, allowHttp } = this.settings;
    const config = oidc
      .discovery(new URL(issuer), clientId, this.metadata(), this.auth(), {
        execute: allowHttp ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err: unknown) => {
        this.discovered = null;
        throw serviceUnavailable(
          `The sign-in provider "${this.settings.name}" cannot be reached (${(err as Error).message})`,
        );
      });
    this.discovered = { at: Date.now(), config };
    return config;
  }

  private metadata(): Partial<oidc.ClientMetadata> {
    return { [oidc.clockTolerance]: this.settings.clockToleranceSeconds };
  }

  private auth() {
    return this.settings.clientSecret ? oidc.ClientSecretBasic(this.settings.clientSecret) : oidc.None();
  }

  /** A Configuration with no cached JWKS (a new server object), so keys are read now. */
  private fresh(config: oidc.Configuration): oidc.Configuration {
    const copy = new oidc.Configuration(
      config.serverMetadata(),
      this.settings.clientId,
      this.metadata(),
      this.auth(),
    );
    if (this.settings.allowHttp) oidc.allowInsecureRequests(copy);
    // Verify the ID token's signature against the provider's JWKS too, not only TLS to the token
    // endpoint (OIDC Core 3.1.3.7 lets a client skip it; a mis-routed or intercepted token
    // endpoint, or plain HTTP inside a network, is no reason to trust a token).
    oidc.enableNonRepudiationChecks(copy);
    return copy;
  }

  private refusal(err: unknown) {
    if (err instanceof oidc.AuthorizationResponseError)
      return unauthorized(
        `The sign-in provider refused: ${err.error}${err.error_description ? ` (${err.error_description})` : ''}`,
      );
    if (err instanceof oidc.ResponseBodyError)
      return unauthorized(`The sign-in provider refused the code: ${err.error}`);
    const code = (err as { code?: string }).code;
    if (code === 'OAUTH_TIMEOUT' || (err as Error).name === 'TypeError' || code === 'ECONNREFUSED')
      return serviceUnavailable(`The sign-in provider "${this.settings.name}" cannot be reached`);
    // openid-client's ClientError wraps oauth4webapi's, whose message names the claim at fault
    // (`unexpected JWT "exp" (expiration time) claim value, …`, `unexpected ID Token "nonce" …`).
    const cause = (err as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : (err as Error).message;
    return unauthorized(`OpenID Connect sign-in refused: ${reason}`);
  }

  private identityOf(claims: Record<string, unknown>): OidcResult {
    const s = this.settings;
    const email = claims[s.emailClaim];
    if (typeof claims.sub !== 'string' || typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
      throw forbidden(`The sign-in provider sent no e-mail address (claim "${s.emailClaim}")`);
    if (s.requireVerifiedEmail && claims.email_verified !== true)
      throw forbidden('The sign-in provider does not mark this e-mail address as verified');
    const domain = email.split('@').pop()!.toLowerCase();
    if (s.domains.length > 0 && !s.domains.includes(domain))
      throw forbidden('This sign-in provider may not vouch for e-mail addresses of this domain');
    const name = claims[s.nameClaim];
    return {
      identity: {
        provider: `oidc:${s.id}`,
        subject: claims.sub,
        tenantId: null,
        email: email.toLowerCase(),
        name: typeof name === 'string' && name.trim() ? name.trim() : email,
      },
      externalGroups: [
        ...strings(s.groupsClaim && claims[s.groupsClaim]),
        ...strings(s.roleClaim && claims[s.roleClaim]),
      ],
    };
  }
}

/** A claim's string values: an array of strings, or one string; anything else: none. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 1000) : [];
}
