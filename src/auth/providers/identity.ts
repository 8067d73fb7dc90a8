/** What a sign-in provider vouches for, after its token was verified. */
export interface ProviderIdentity {
  /** `google`, `microsoft`, `oidc:<provider id>` (OpenID Connect) or `ldap`. */
  provider: 'google' | 'microsoft' | `oidc:${string}` | 'ldap';
  /** Stable account key: Google's `sub`, Microsoft's `<tenant id>:<object id>`, the OIDC `sub`, LDAP's entry UUID. */
  subject: string;
  /** Microsoft's Entra tenant id; null for Google. */
  tenantId: string | null;
  /** Lower case; verified by the provider (Google `email_verified`, Microsoft: allowed tenant). */
  email: string;
  name: string;
  /** Google's `hd`: the Workspace domain that manages the account (lower case); null otherwise. */
  hostedDomain?: string | null;
}

/** Verifies a provider's credential. @throws AppError 401/403/503 as documented per provider. */
export type IdentityVerifier = (credential: string) => Promise<ProviderIdentity>;
