import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import type { LdapConfig } from '../../config/ldap.ts';
import { forbidden, serviceUnavailable, unauthorized } from '../../lib/errors.ts';
import type { ProviderIdentity } from '../providers/identity.ts';
import { fill } from './escape.ts';

/** A directory entry as sign-in and the group sync need it. */
export interface LdapUser {
  dn: string;
  identity: ProviderIdentity;
  /** The group attribute's values (`memberOf`: group DNs). */
  groups: string[];
}

/** The one answer to a wrong name or password, whichever was wrong. */
const WRONG = 'Wrong user name or password';

/**
 * Checks a user name and password against the directory (docs/auth.md "LDAP and Active
 * Directory"), with ldapts over ldap:// (optionally upgraded by StartTLS) or ldaps://, trusting
 * `ca` when set:
 * - with a service account: bind as it, search `userBase` with `userFilter` (the name escaped per
 *   RFC 4515), exactly one entry or 401, then bind as that entry's DN with the password;
 * - without: bind as `userDnTemplate` (the name escaped per RFC 4514 when it is a DN, e.g.
 *   `uid={user},ou=people,…`; as is for `{user}@corp.example` or `CORP\{user}`), then read the
 *   entry by the filter.
 * An empty password is refused before any bind (a simple bind without one is anonymous, RFC 4513
 * §5.1.2). @throws 401 for a wrong name or password (one message), 403 for an entry without an
 * e-mail or of a domain the directory may not vouch for, 503 when the server cannot be reached.
 */
export async function authenticate(
  config: LdapConfig,
  username: string,
  password: string,
): Promise<LdapUser> {
  const name = username.trim();
  if (!name || !password || name.length > 256 || hasControl(name)) throw unauthorized(WRONG);
  return withClient(config, async (client) => {
    let entry: Entry | undefined;
    if (config.bindDn) {
      await client.bind(config.bindDn, config.bindPassword!);
      entry = await findUser(client, config, name);
      if (!entry) throw unauthorized(WRONG);
      await bindAs(client, entry.dn, password);
    } else {
      const template = config.userDnTemplate!;
      await bindAs(client, fill(template, name, template.includes('=') ? 'dn' : 'plain'), password);
      entry = await findUser(client, config, name);
      if (!entry) throw unauthorized(WRONG);
    }
    return userOf(config, entry);
  });
}

/**
 * Reads one entry by DN with the service account (the periodic sync); null when it is gone.
 * @throws 503 when the server cannot be reached or the service account cannot bind.
 */
export async function readUser(config: LdapConfig, dn: string): Promise<LdapUser | null> {
  return withClient(config, async (client) => {
    await client.bind(config.bindDn!, config.bindPassword!);
    try {
      const { searchEntries } = await client.search(dn, {
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: attributes(config),
        explicitBufferAttributes: config.idAttribute === 'objectGUID' ? ['objectGUID'] : [],
      });
      return searchEntries[0] ? userOf(config, searchEntries[0]) : null;
    } catch (err) {
      if ((err as { code?: number }).code === 32) return null; // noSuchObject
      throw err;
    }
  });
}

async function withClient<T>(config: LdapConfig, work: (client: Client) => Promise<T>): Promise<T> {
  const tlsOptions = config.ca ? { ca: [config.ca] } : {};
  const client = new Client({
    url: config.url,
    timeout: config.timeoutMs,
    connectTimeout: config.timeoutMs,
    // Only for ldaps://: given for an ldap:// URL, ldapts' StartTLS upgrade then fails.
    ...(config.url.toLowerCase().startsWith('ldaps:') ? { tlsOptions } : {}),
  });
  try {
    if (config.startTls) await client.startTLS(tlsOptions);
    return await work(client);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err; // our AppError
    if (err instanceof InvalidCredentialsError)
      throw serviceUnavailable('The directory refused the service account');
    throw serviceUnavailable(`The directory cannot be reached (${(err as Error).message})`);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function bindAs(client: Client, dn: string, password: string) {
  try {
    await client.bind(dn, password);
  } catch (err) {
    // 49 invalidCredentials; 34 invalidDNSyntax (a name that makes no DN): the same answer.
    const code = (err as { code?: number }).code;
    if (err instanceof InvalidCredentialsError || code === 49 || code === 34) throw unauthorized(WRONG);
    throw err;
  }
}

async function findUser(client: Client, config: LdapConfig, name: string): Promise<Entry | undefined> {
  const { searchEntries } = await client.search(config.userBase, {
    scope: 'sub',
    filter: fill(config.userFilter, name, 'filter'),
    attributes: attributes(config),
    sizeLimit: 2,
    explicitBufferAttributes: config.idAttribute === 'objectGUID' ? ['objectGUID'] : [],
  });
  // Two entries for one name: refuse rather than pick one.
  return searchEntries.length === 1 ? searchEntries[0] : undefined;
}

/** Whether the text holds a C0 control character (never part of an account name). */
const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20);

const attributes = (c: LdapConfig) => [
  c.emailAttribute,
  c.nameAttribute,
  'cn',
  c.groupAttribute,
  c.idAttribute,
];

function userOf(config: LdapConfig, entry: Entry): LdapUser {
  const first = (attr: string) => {
    const v = entry[attr];
    const one = Array.isArray(v) ? v[0] : v;
    return Buffer.isBuffer(one) ? one.toString('hex') : typeof one === 'string' ? one : undefined;
  };
  const email = first(config.emailAttribute)?.toLowerCase();
  if (!email || !/^[^@\s]+@[^@\s]+$/.test(email))
    throw forbidden(`This directory account has no e-mail address (attribute ${config.emailAttribute})`);
  const domain = email.split('@').pop()!;
  if (config.domains.length > 0 && !config.domains.includes(domain))
    throw forbidden('The directory may not vouch for e-mail addresses of this domain');
  const raw = entry[config.groupAttribute];
  const groups = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  return {
    dn: entry.dn,
    identity: {
      provider: 'ldap',
      subject: first(config.idAttribute) ?? entry.dn.toLowerCase(),
      tenantId: null,
      email,
      name: first(config.nameAttribute) ?? first('cn') ?? email,
    },
    groups,
  };
}
