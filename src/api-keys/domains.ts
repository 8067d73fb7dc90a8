import { domainToASCII } from 'node:url';
import { getPublicSuffix } from 'tldts';

/**
 * An authorized-domain entry as stored: `[http://|https://][*.]host[:port]`, host lower-cased
 * and punycoded (WHATWG URL's host parser, `domainToASCII`), so `Bücher.example` is stored and
 * compared as `xn--bcher-kva.example`.
 */
export interface DomainRule {
  /** Absent: either scheme (https only, when the key requires it). */
  scheme?: 'http' | 'https';
  /** `*.host` matches subdomains at any depth, never the apex itself. */
  wildcard: boolean;
  host: string;
  /** Absent: the scheme's default port only (443, 80). */
  port?: number;
}

const ENTRY = /^(?:(https?):\/\/)?(\*\.)?([^/:?#\s*]+)(?::(\d{1,5}))?\/?$/i;

/**
 * Whether `*.host` would cover sites of unrelated owners: `host` is a public suffix (`com`, `co.uk`,
 * `github.io`) by the Public Suffix List (https://publicsuffix.org, ICANN and private sections, via
 * tldts), or has no dot at all (`*.internal`, `*.localhost`: a suffix too broad to mean one site).
 */
export function isPublicSuffix(host: string): boolean {
  return !host.includes('.') || getPublicSuffix(host, { allowPrivateDomains: true }) === host;
}

/**
 * Parses one entry as typed by an admin (`Example.com`, `*.shop.example`, `https://app.example:8443`,
 * `localhost:5173`, `bücher.example`). @returns null when it is not a host (path, query, userinfo,
 * IPv6 literal, `*` elsewhere than a leading `*.`, port 0 or above 65535), or is a wildcard over a
 * public suffix (`*.com`, `*.co.uk`: every site under it could use the key).
 */
export function parseDomainRule(entry: string): DomainRule | null {
  const m = ENTRY.exec(entry.trim());
  if (!m) return null;
  const host = domainToASCII(m[3]!);
  if (!host || host.endsWith('.') || !/^[a-z0-9.-]+$/.test(host)) return null;
  if (m[2] && isPublicSuffix(host)) return null;
  const port = m[4] === undefined ? undefined : Number(m[4]);
  if (port !== undefined && (port < 1 || port > 65535)) return null;
  const scheme = m[1]?.toLowerCase() as DomainRule['scheme'];
  return { ...(scheme ? { scheme } : {}), wildcard: Boolean(m[2]), host, ...(port ? { port } : {}) };
}

/** The stored (canonical) text of a rule. */
export function formatDomainRule(rule: DomainRule): string {
  return `${rule.scheme ? `${rule.scheme}://` : ''}${rule.wildcard ? '*.' : ''}${rule.host}${rule.port ? `:${rule.port}` : ''}`;
}

/** Canonical forms of admin-typed entries, duplicates dropped; the invalid ones listed in `invalid`. */
export function normalizeDomains(entries: string[]): { domains: string[]; invalid: string[] } {
  const domains = new Set<string>();
  const invalid: string[] = [];
  for (const entry of entries) {
    const rule = parseDomainRule(entry);
    if (rule) domains.add(formatDomainRule(rule));
    else invalid.push(entry);
  }
  return { domains: [...domains], invalid };
}

const DEFAULT_PORT = { 'http:': 80, 'https:': 443 } as const;

/**
 * The request's web origin: `Origin`, else the origin of `Referer`. `Origin: null` (sandboxed
 * frames, `data:` pages, some redirects) is not an origin and is never replaced by the Referer.
 * @returns `{scheme, host, port}` or null when absent, `null` or not http(s).
 */
export function requestOrigin(
  origin: string | undefined,
  referer: string | undefined,
): { scheme: 'http' | 'https'; host: string; port: number } | null {
  const raw = origin ?? referer;
  if (!raw || raw === 'null') return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return {
    scheme: url.protocol === 'https:' ? 'https' : 'http',
    host: url.hostname,
    port: url.port ? Number(url.port) : DEFAULT_PORT[url.protocol],
  };
}

export type OriginDecision = 'allowed' | 'no-origin' | 'not-https' | 'not-listed';

/**
 * Spec "API key" rules 4–5 with scheme and port: is a request from this Origin/Referer allowed
 * for a key with `domains` (canonical entries) and `requireHttps`? A key without domains accepts
 * any origin, and requests without one (server to server), unless it requires https and the
 * origin is plain http. A key with domains refuses requests that carry no usable origin.
 */
export function checkOrigin(
  domains: string[],
  requireHttps: boolean,
  origin: string | undefined,
  referer: string | undefined,
): OriginDecision {
  const from = requestOrigin(origin, referer);
  if (from && requireHttps && from.scheme !== 'https') return 'not-https';
  if (domains.length === 0) return 'allowed';
  if (!from) return 'no-origin';
  const defaultPort = from.scheme === 'https' ? 443 : 80;
  const ok = domains.some((entry) => {
    const rule = parseDomainRule(entry);
    if (!rule) return false;
    if (rule.scheme && rule.scheme !== from.scheme) return false;
    if ((rule.port ?? defaultPort) !== from.port) return false;
    return rule.wildcard ? from.host.endsWith(`.${rule.host}`) : from.host === rule.host;
  });
  return ok ? 'allowed' : 'not-listed';
}
