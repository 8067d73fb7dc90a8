import { lookup as dnsLookup, promises as dns, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/**
 * Why an outbound request did not produce a response: `refused` (scheme or address not allowed),
 * `invalid_url`, `timeout`, `too_large` (response over the cap), `network` (DNS, connection,
 * TLS, a redirect limit).
 */
export type OutboundFailure = 'refused' | 'invalid_url' | 'timeout' | 'too_large' | 'network';

/** An outbound request that was refused or failed before a full response arrived. */
export class OutboundRequestError extends Error {
  override name = 'OutboundRequestError';
  readonly reason: OutboundFailure;
  constructor(reason: OutboundFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.reason = reason;
  }
}

/** A complete response: status, lower-case headers, the body (at most `maxResponseBytes`), final URL. */
export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  url: string;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PROPFIND' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, connect to last body byte, ms; default the client's. */
  timeoutMs?: number;
  /** Response body cap, bytes; default the client's. */
  maxResponseBytes?: number;
  /**
   * Redirects followed, each target checked again like the first URL; default 0 (none). A hop to
   * another origin drops the Authorization, Proxy-Authorization and Cookie headers.
   */
  maxRedirects?: number;
  signal?: AbortSignal;
}

/** The one way the service reaches another host (webhooks, web search). */
export interface HttpClient {
  /** @throws OutboundRequestError; any HTTP status is a response, not an error. */
  request(url: string, init?: OutboundRequest): Promise<OutboundResponse>;
  /** Resolves the URL's host and checks every address, as a connection would. @throws OutboundRequestError */
  assertAllowed(url: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * IPv6 prefixes that carry an IPv4 address: [prefix, prefix length, byte offset of the IPv4].
 * An address under one is judged as the IPv4 address it carries, so `::127.0.0.1` (written
 * `::7f00:1`, which ipaddr.js calls `unicast`), `::ffff:7f00:1`, `64:ff9b::7f00:1` and
 * `2002:7f00:1::` are all loopback. `::` and `::1` fall under `::/96` and carry 0.0.0.0/8.
 */
const IPV4_CARRIERS: [ipaddr.IPv6, number, number][] = (
  [
    ['::', 96, 12], // IPv4-compatible (RFC 4291 §2.5.5.1, deprecated)
    ['::ffff:0:0', 96, 12], // IPv4-mapped
    ['::ffff:0:0:0', 96, 12], // IPv4-translated (RFC 6145)
    ['64:ff9b::', 96, 12], // NAT64 well-known prefix (RFC 6052)
    ['2002::', 16, 2], // 6to4 (RFC 3056)
  ] as const
).map(([prefix, bits, at]) => [ipaddr.IPv6.parse(prefix), bits, at]);

/** The IPv4 address an IPv6 address carries (IPV4_CARRIERS), or null. */
export function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  for (const [prefix, bits, at] of IPV4_CARRIERS) {
    if (ip.match(prefix, bits)) return new ipaddr.IPv4(ip.toByteArray().slice(at, at + 4));
  }
  return null;
}

/**
 * The SSRF policy. An address is allowed when ipaddr.js classifies it as `unicast` (public): this
 * refuses loopback, RFC 1918 private, link-local (169.254.0.0/16 with cloud metadata
 * 169.254.169.254), carrier-grade NAT, unique-local, multicast, reserved and unspecified ranges,
 * and IPv6 ranges such as Teredo and NAT64's local-use prefix. An IPv6 address that carries an
 * IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64 `64:ff9b::/96`, 6to4) is
 * judged as that IPv4 address (IPV4_CARRIERS). The allowlist (CIDRs, IPs or host names) overrides
 * it: the operator's OUTBOUND_ALLOWLIST or CONNECTOR_ALLOWLIST; empty for tenant-named URLs.
 */
export class OutboundPolicy {
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  private readonly hosts = new Set<string>();

  /** @throws Error for an entry that is neither a CIDR, an IP nor a host name. */
  constructor(allowlist: string[]) {
    for (const raw of allowlist) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (entry.includes('/')) this.ranges.push(ipaddr.parseCIDR(entry));
      else if (ipaddr.isValid(entry)) {
        const ip = ipaddr.process(entry);
        this.ranges.push([ip, ip.kind() === 'ipv4' ? 32 : 128]);
      } else this.hosts.add(entry);
    }
  }

  /** Whether the allowlist names `host` itself (case and a trailing dot ignored). */
  hostAllowlisted(host: string): boolean {
    return this.hosts.has(host.toLowerCase().replace(/\.$/, ''));
  }

  /**
   * Whether a connection to `address` (an IP literal, IPv6 without brackets) is allowed: listed
   * in the allowlist, or public. An IPv6 address carrying an IPv4 one is judged as that IPv4
   * address (and matches the allowlist either way); anything that is no IP address is refused.
   */
  addressAllowed(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const ip = ipaddr.parse(address);
    const v4 = ip.kind() === 'ipv4' ? (ip as ipaddr.IPv4) : embeddedIPv4(ip as ipaddr.IPv6);
    if (this.listed(ip) || (v4 !== null && this.listed(v4))) return true;
    return (v4 ?? ip).range() === 'unicast';
  }

  private listed(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  }
}

/** Host of a parsed URL without IPv6 brackets. The WHATWG parser already turned `2130706433` or `0177.0.0.1` into `127.0.0.1`. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRequestError('invalid_url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRequestError('refused', 'Only http and https URLs are allowed');
  return url;
}

function checkLiteral(policy: OutboundPolicy, url: URL): void {
  const host = bareHost(url);
  if (ipaddr.isValid(host) && !policy.addressAllowed(host))
    throw new OutboundRequestError(
      'refused',
      `Address ${host} is not allowed (private, loopback or reserved)`,
    );
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** `host:port` of a URL as targets are written: lower case, no brackets or trailing dot, default port filled in. */
function targetOf(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${bareHost(url).toLowerCase().replace(/\.$/, '')}:${port}`;
}

/**
 * Builds the client over one undici Agent whose `connect.lookup` checks every resolved address
 * at connection time, so a name that resolves to a public address at registration and to
 * 127.0.0.1 later (DNS rebinding) is still refused. IP literals skip DNS, so they are checked
 * before connecting. Redirects are not followed unless asked, and then each hop is checked again.
 * `targets` (`host:port`, exact) are reached whatever their addresses: the operator named them
 * (WEBHOOK_PRIVATE_TARGETS); a redirect elsewhere from one is checked as any URL.
 */
export function createHttpClient(options: {
  allowlist: string[];
  targets?: { host: string; port: number }[];
  timeoutMs: number;
  maxResponseBytes: number;
}): HttpClient {
  const policy = new OutboundPolicy(options.allowlist);
  const targets = new Set((options.targets ?? []).map((t) => `${t.host.toLowerCase()}:${t.port}`));
  const direct = targets.size > 0 ? new Agent() : null;
  const lookup = (
    hostname: string,
    opts: { all?: boolean; family?: number },
    callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { family: opts.family ?? 0, all: true }, (err, addresses) => {
      if (err) return callback(err);
      if (!policy.hostAllowlisted(hostname)) {
        const bad = addresses.find((a) => !policy.addressAllowed(a.address));
        if (bad)
          return callback(
            new OutboundRequestError(
              'refused',
              `${hostname} resolves to ${bad.address}, which is not allowed`,
            ),
          );
      }
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const agent = new Agent({ connect: { lookup: lookup as never } });

  async function once(url: URL, init: OutboundRequest, signal: AbortSignal, maxBytes: number) {
    const named = direct !== null && targets.has(targetOf(url));
    if (!named) checkLiteral(policy, url);
    const res = await request(url, {
      dispatcher: named ? direct : agent,
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal,
    });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.body.destroy();
      throw new OutboundRequestError('too_large', `Response larger than ${maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        res.body.destroy();
        throw new OutboundRequestError('too_large', `Response larger than ${maxBytes} bytes`);
      }
      chunks.push(chunk);
    }
    return { status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks), url: url.href };
  }

  return {
    async request(raw, init = {}) {
      const timeoutMs = init.timeoutMs ?? options.timeoutMs;
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      let url = parseOutboundUrl(raw);
      let current = init;
      try {
        for (let hop = 0; ; hop++) {
          const res = await once(url, current, signal, init.maxResponseBytes ?? options.maxResponseBytes);
          const location = res.headers.location;
          if (!REDIRECTS.has(res.status) || typeof location !== 'string' || hop >= (init.maxRedirects ?? 0))
            return res;
          const next = parseOutboundUrl(new URL(location, url).href);
          // Credentials go to the origin they were given for, never to one a redirect names.
          if (next.origin !== url.origin)
            current = { ...current, headers: withoutCredentials(current.headers) };
          url = next;
          // 303, and 301/302 after a POST, continue as GET without a body (RFC 9110 §15.4).
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === 'POST'))
            current = { ...current, method: 'GET', body: undefined };
        }
      } catch (err) {
        throw asOutboundError(err, timeout.aborted, timeoutMs);
      }
    },
    async assertAllowed(raw) {
      const url = parseOutboundUrl(raw);
      if (targets.has(targetOf(url))) return;
      checkLiteral(policy, url);
      const host = bareHost(url);
      if (ipaddr.isValid(host) || policy.hostAllowlisted(host)) return;
      let addresses: LookupAddress[];
      try {
        addresses = await dns.lookup(host, { all: true });
      } catch {
        throw new OutboundRequestError('network', `Host ${host} could not be resolved`);
      }
      const bad = addresses.find((a) => !policy.addressAllowed(a.address));
      if (bad)
        throw new OutboundRequestError('refused', `${host} resolves to ${bad.address}, which is not allowed`);
    },
    close: async () => {
      await Promise.all([agent.close(), direct?.close()]);
    },
  };
}

/** Request headers that carry credentials (fetch's list for a cross-origin redirect, RFC 9110 §15.4). */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

function withoutCredentials(headers: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!headers) return headers;
  return Object.fromEntries(
    Object.entries(headers).filter(([k]) => !CREDENTIAL_HEADERS.has(k.toLowerCase())),
  );
}

function asOutboundError(err: unknown, timedOut: boolean, timeoutMs: number): OutboundRequestError {
  if (timedOut) return new OutboundRequestError('timeout', `No complete response within ${timeoutMs} ms`);
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if (e instanceof OutboundRequestError) return e;
  }
  const message = err instanceof Error ? err.message : String(err);
  return new OutboundRequestError('network', `Request failed: ${message}`, { cause: err });
}
