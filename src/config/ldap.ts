import { readFileSync } from 'node:fs';
import { parseGroupMapping, type GroupMapping } from '../auth/directory/mapping.ts';
import { ConfigError, int, type Env } from './env.ts';

/** The LDAP / Active Directory sign-in (docs/auth.md "LDAP and Active Directory"). */
export interface LdapConfig {
  /** `ldap://host:389` or `ldaps://host:636`. */
  url: string;
  /** Upgrade an ldap:// connection with StartTLS before any bind (default false). */
  startTls: boolean;
  /** PEM of the CA(s) that signed the server's certificate (`caFile`); null: the system's. */
  ca: string | null;
  /** Service account for search-then-bind and the periodic sync; null: bind as the user directly. */
  bindDn: string | null;
  bindPassword: string | null;
  /** Direct bind only: the user's bind name, `{user}` replaced (DN-escaped when it is a DN). */
  userDnTemplate: string | null;
  /** Where users are searched (subtree). */
  userBase: string;
  /** `{user}` replaced by the RFC 4515-escaped user name. */
  userFilter: string;
  emailAttribute: string;
  nameAttribute: string;
  groupAttribute: string;
  /** A stable, unique id of the entry: `entryUUID` (OpenLDAP), `objectGUID` (AD). */
  idAttribute: string;
  companyId: string | null;
  domains: string[];
  mapping: GroupMapping;
  /** One operation (connect, bind, search), ms. */
  timeoutMs: number;
  /** The periodic group sync, seconds; 0: off (LDAP_SYNC_INTERVAL_SECONDS). */
  syncIntervalSeconds: number;
}

/** Active Directory and OpenLDAP both: the usual account name attributes. */
const DEFAULT_FILTER =
  '(&(|(objectClass=person)(objectClass=inetOrgPerson))(|(uid={user})(sAMAccountName={user})(userPrincipalName={user})(mail={user})))';

/**
 * Reads LDAP_CONFIG (a JSON object) or LDAP_CONFIG_FILE, and LDAP_SYNC_INTERVAL_SECONDS
 * (default 900). Unset: no LDAP sign-in.
 * @throws ConfigError naming the field at fault.
 */
export function ldapConfig(env: Env): LdapConfig | null {
  let text = env.LDAP_CONFIG ?? '';
  if (env.LDAP_CONFIG_FILE) {
    if (text) throw new ConfigError('Set LDAP_CONFIG or LDAP_CONFIG_FILE, not both');
    try {
      text = readFileSync(env.LDAP_CONFIG_FILE, 'utf8');
    } catch (err) {
      throw new ConfigError(`LDAP_CONFIG_FILE cannot be read: ${(err as Error).message}`);
    }
  }
  const syncIntervalSeconds = int(env, 'LDAP_SYNC_INTERVAL_SECONDS', 900, 0);
  if (!text.trim()) return null;
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(`LDAP_CONFIG is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o))
    throw new ConfigError('LDAP_CONFIG must be a JSON object');
  try {
    return parse(o, syncIntervalSeconds);
  } catch (err) {
    throw new ConfigError(`LDAP_CONFIG: ${(err as Error).message}`);
  }
}

function parse(o: Record<string, unknown>, syncIntervalSeconds: number): LdapConfig {
  const text = (key: string, fallback?: string | null): string | null => {
    const v = o[key];
    if (v === undefined || v === null) {
      if (fallback === undefined) throw new Error(`"${key}" is required`);
      return fallback;
    }
    if (typeof v !== 'string' || !v.trim()) throw new Error(`"${key}" must be a non-empty string`);
    return v;
  };
  const url = text('url')!;
  if (!/^ldaps?:\/\/[^/]+\/?$/i.test(url))
    throw new Error('"url" must be ldap://host[:port] or ldaps://host[:port]');
  if (o.startTls !== undefined && typeof o.startTls !== 'boolean')
    throw new Error('"startTls" must be true or false');
  const startTls = o.startTls === true;
  if (startTls && url.toLowerCase().startsWith('ldaps:'))
    throw new Error('"startTls" is for ldap:// URLs (ldaps:// is TLS already)');
  const caFile = text('caFile', null);
  let ca: string | null = null;
  if (caFile) {
    try {
      ca = readFileSync(caFile, 'utf8');
    } catch (err) {
      throw new Error(`"caFile" cannot be read: ${(err as Error).message}`, { cause: err });
    }
  }
  const bindDn = text('bindDn', null);
  const bindPassword = text('bindPassword', null);
  if (Boolean(bindDn) !== Boolean(bindPassword)) throw new Error('"bindDn" and "bindPassword" go together');
  const userDnTemplate = text('userDnTemplate', null);
  if (!bindDn && !userDnTemplate?.includes('{user}'))
    throw new Error(
      'set "bindDn"/"bindPassword" (search, then bind) or "userDnTemplate" with {user} (bind as the user)',
    );
  const userFilter = text('userFilter', DEFAULT_FILTER)!;
  if (!userFilter.includes('{user}')) throw new Error('"userFilter" must contain {user}');
  const companyId = text('companyId', null);
  const domains = o.domains ?? [];
  if (
    !Array.isArray(domains) ||
    domains.some((d) => typeof d !== 'string' || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(d))
  )
    throw new Error('"domains" must be an array of e-mail domains');
  if (!companyId && domains.length === 0)
    throw new Error(
      'set "companyId" (the company its users belong to) or "domains" (the e-mail domains it vouches for)',
    );
  const timeout = o.timeoutMs ?? 10_000;
  if (!Number.isInteger(timeout) || (timeout as number) < 100)
    throw new Error('"timeoutMs" must be an integer ≥ 100');
  return {
    url,
    startTls,
    ca,
    bindDn,
    bindPassword,
    userDnTemplate,
    userBase: text('userBase')!,
    userFilter,
    emailAttribute: text('emailAttribute', 'mail')!,
    nameAttribute: text('nameAttribute', 'displayName')!,
    groupAttribute: text('groupAttribute', 'memberOf')!,
    idAttribute: text('idAttribute', 'entryUUID')!,
    companyId,
    domains: (domains as string[]).map((d) => d.toLowerCase()),
    mapping: parseGroupMapping(o, 'LDAP_CONFIG'),
    timeoutMs: timeout as number,
    syncIntervalSeconds,
  };
}
