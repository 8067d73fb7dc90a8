import { readFileSync } from 'node:fs';
import { parseGroupMapping, type GroupMapping } from '../auth/directory/mapping.ts';
import { ConfigError, type Env } from './env.ts';

/** One OpenID Connect provider the operator configured (docs/auth.md "OpenID Connect"). */
export interface OidcProviderConfig {
  /** In URLs and the identity key (`oidc:<id>`): 1–40 of a-z, 0-9, `-`. */
  id: string;
  /** The sign-in button's label. */
  name: string;
  /** The issuer; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE alone, no client authentication). */
  clientSecret: string | null;
  /** Space-separated, `openid` included (default `openid email profile`). */
  scopes: string;
  /** Claims read from the ID token, then from the userinfo endpoint. */
  emailClaim: string;
  nameClaim: string;
  /** The claim listing the user's groups; null: no group sync. */
  groupsClaim: string | null;
  /** A claim with role names (looked up in the mapping's `roles` like groups); null: none. */
  roleClaim: string | null;
  /** Refuse an e-mail the provider does not mark `email_verified: true` (default true). */
  requireVerifiedEmail: boolean;
  /** The company every user of this provider belongs to; null: by the e-mail's domain claim. */
  companyId: string | null;
  /**
   * E-mail domains this provider may vouch for (lower case); empty: any, with `companyId` set (one
   * of the two is required). Without `companyId`, a new user joins the company that proved the
   * domain (domain-claims.ts).
   */
  domains: string[];
  mapping: GroupMapping;
  /** Leeway for `iat`, `exp`, `nbf` against this server's clock, seconds (default 30). */
  clockToleranceSeconds: number;
  /** Allow an http:// issuer (default: only on loopback). */
  allowHttp: boolean;
}

const FIELDS = new Set([
  'id',
  'name',
  'issuer',
  'clientId',
  'clientSecret',
  'scopes',
  'emailClaim',
  'nameClaim',
  'groupsClaim',
  'roleClaim',
  'requireVerifiedEmail',
  'companyId',
  'domains',
  'groups',
  'groupsByName',
  'roles',
  'defaultRole',
  'clockToleranceSeconds',
  'allowHttp',
]);

/**
 * Reads OIDC_PROVIDERS (a JSON array) or OIDC_PROVIDERS_FILE (a path to a file holding one; keeps
 * client secrets out of the environment). Unset: none.
 * @throws ConfigError naming the provider and the field at fault.
 */
export function oidcProvidersConfig(env: Env): OidcProviderConfig[] {
  let text = env.OIDC_PROVIDERS ?? '';
  let source = 'OIDC_PROVIDERS';
  if (env.OIDC_PROVIDERS_FILE) {
    if (text) throw new ConfigError('Set OIDC_PROVIDERS or OIDC_PROVIDERS_FILE, not both');
    source = `OIDC_PROVIDERS_FILE (${env.OIDC_PROVIDERS_FILE})`;
    try {
      text = readFileSync(env.OIDC_PROVIDERS_FILE, 'utf8');
    } catch (err) {
      throw new ConfigError(`${source} cannot be read: ${(err as Error).message}`);
    }
  }
  if (!text.trim()) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`${source} is not valid JSON: ${(err as Error).message}`);
  }
  if (!Array.isArray(raw)) throw new ConfigError(`${source} must be a JSON array of providers`);
  const providers = raw.map((entry, i) => {
    try {
      return parseProvider(entry, `provider ${i}`);
    } catch (err) {
      throw new ConfigError(`${source}: ${(err as Error).message}`);
    }
  });
  const ids = providers.map((p) => p.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) throw new ConfigError(`${source}: the id "${dup}" is used twice`);
  return providers;
}

function parseProvider(entry: unknown, at: string): OidcProviderConfig {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    throw new Error(`${at} is not an object`);
  const o = entry as Record<string, unknown>;
  const id = o.id;
  if (typeof id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(id))
    throw new Error(`${at}: "id" must be 1–40 characters of a-z, 0-9 and -`);
  const where = `provider "${id}"`;
  const unknown = Object.keys(o).filter((k) => !FIELDS.has(k));
  if (unknown.length > 0) throw new Error(`${where}: unknown field(s) ${unknown.join(', ')}`);
  const text = (key: string, fallback?: string | null): string | null => {
    const v = o[key];
    if (v === undefined || v === null) {
      if (fallback === undefined) throw new Error(`${where}: "${key}" is required`);
      return fallback;
    }
    if (typeof v !== 'string' || !v.trim() || v.length > 2000)
      throw new Error(`${where}: "${key}" must be a non-empty string`);
    return v.trim();
  };
  const flag = (key: string, fallback: boolean) => {
    if (o[key] === undefined) return fallback;
    if (typeof o[key] !== 'boolean') throw new Error(`${where}: "${key}" must be true or false`);
    return o[key];
  };
  const issuer = text('issuer')!;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`${where}: "issuer" is not a URL`);
  }
  const allowHttp = flag('allowHttp', false);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (allowHttp || loopback)))
    throw new Error(
      `${where}: "issuer" must be https:// (http:// only on loopback or with "allowHttp": true)`,
    );
  const scopes = text('scopes', 'openid email profile')!;
  if (!scopes.split(/\s+/).includes('openid')) throw new Error(`${where}: "scopes" must include openid`);
  const domains = o.domains ?? [];
  if (
    !Array.isArray(domains) ||
    domains.some((d) => typeof d !== 'string' || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(d))
  )
    throw new Error(`${where}: "domains" must be an array of e-mail domains`);
  const companyId = text('companyId', null);
  if (companyId && !/^[A-Za-z0-9_]+$/.test(companyId))
    throw new Error(`${where}: "companyId" must be a company id (comp_…)`);
  if (!companyId && (domains as string[]).length === 0)
    throw new Error(
      `${where}: set "companyId" (the company its users belong to) or "domains" (the e-mail domains it vouches for)`,
    );
  const tolerance = o.clockToleranceSeconds ?? 30;
  if (!Number.isInteger(tolerance) || (tolerance as number) < 0 || (tolerance as number) > 600)
    throw new Error(`${where}: "clockToleranceSeconds" must be an integer 0–600`);
  return {
    id,
    name: text('name', id)!,
    issuer,
    clientId: text('clientId')!,
    clientSecret: text('clientSecret', null),
    scopes,
    emailClaim: text('emailClaim', 'email')!,
    nameClaim: text('nameClaim', 'name')!,
    groupsClaim: text('groupsClaim', null),
    roleClaim: text('roleClaim', null),
    requireVerifiedEmail: flag('requireVerifiedEmail', true),
    companyId,
    domains: (domains as string[]).map((d) => d.toLowerCase()),
    mapping: parseGroupMapping(o, where),
    clockToleranceSeconds: tolerance as number,
    allowHttp: allowHttp || loopback,
  };
}
