import { promises as dns, lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import {
  createHttpClient,
  OutboundPolicy,
  OutboundRequestError,
  type HttpClient,
} from '../lib/http-client.ts';

/**
 * Connectors' network policy (docs/connectors.md "Security model"): public addresses, plus the
 * operator's CONNECTOR_ALLOWLIST (CIDRs, IPs, host names) — never a tenant's choice. HTTP sources
 * use the SSRF-checked client; S3 gets agents whose `lookup` checks every resolved address at
 * connection time; IMAP connects to an address checked here (`resolveAllowed`), so DNS rebinding
 * cannot swap it afterwards.
 */
export interface ConnectorNet {
  http: HttpClient;
  /** Node agents for SDKs that take one (S3), with the checked lookup. */
  agents: { http: http.Agent; https: https.Agent };
  /** An allowed address for `host`. @throws OutboundRequestError ('refused' or 'network'). */
  resolveAllowed(host: string): Promise<string>;
  close(): Promise<void>;
}

/** Builds the policy's clients; `close()` releases their sockets. */
export function createConnectorNet(options: {
  allowlist: string[];
  timeoutMs: number;
  maxResponseBytes: number;
}): ConnectorNet {
  const policy = new OutboundPolicy(options.allowlist);
  const lookup = (
    hostname: string,
    opts: { all?: boolean; family?: number },
    callback: (err: Error | null, address?: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { family: opts.family ?? 0, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const bad = policy.hostAllowlisted(hostname)
        ? undefined
        : addresses.find((a) => !policy.addressAllowed(a.address));
      if (bad) return callback(refused(hostname, bad.address));
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const agents = {
    http: new http.Agent({ keepAlive: true, lookup: lookup as never }),
    https: new https.Agent({ keepAlive: true, lookup: lookup as never }),
  };
  return {
    http: createHttpClient({
      allowlist: options.allowlist,
      timeoutMs: options.timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
    }),
    agents,
    resolveAllowed: (host) => resolveAllowed(policy, host),
    async close() {
      agents.http.destroy();
      agents.https.destroy();
      await this.http.close();
    },
  };
}

const refused = (host: string, address: string) =>
  new OutboundRequestError(
    'refused',
    `${host} resolves to ${address}, which connectors may not reach (CONNECTOR_ALLOWLIST)`,
  );

/**
 * The first address of `host` when every address is allowed. An IP literal is judged as itself.
 * @throws OutboundRequestError 'refused' for a disallowed address, 'network' when it does not resolve.
 */
export async function resolveAllowed(policy: OutboundPolicy, rawHost: string): Promise<string> {
  const host = rawHost.replace(/^\[|\]$/g, '').toLowerCase();
  if (ipaddr.isValid(host)) {
    if (!policy.addressAllowed(host)) throw refused(host, host);
    return host;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dns.lookup(host, { all: true });
  } catch {
    throw new OutboundRequestError('network', `Host ${host} could not be resolved`);
  }
  if (!policy.hostAllowlisted(host)) {
    const bad = addresses.find((a) => !policy.addressAllowed(a.address));
    if (bad) throw refused(host, bad.address);
  }
  return addresses[0]!.address;
}

/** Whether connectors may reach `host` under CONNECTOR_ALLOWLIST (the API's check at create/update). */
export async function assertHostAllowed(allowlist: string[], host: string): Promise<void> {
  await resolveAllowed(new OutboundPolicy(allowlist), host);
}
