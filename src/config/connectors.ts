import { isAbsolute, resolve } from 'node:path';
import { allowlist, ConfigError, int, list, type Env } from './env.ts';

/** Connectors' operator settings (docs/connectors.md "Security model"); none are the tenants'. */
export interface ConnectorsConfig {
  /**
   * CIDRs, IPs or host names connectors may reach although private or loopback (CONNECTOR_ALLOWLIST,
   * default none: public addresses only). Separate from OUTBOUND_ALLOWLIST and webhooks' targets.
   */
  allowlist: string[];
  /** Absolute directories folder connectors may read below (CONNECTOR_FOLDER_ROOTS); none = no folder source. */
  folderRoots: string[];
  /** One request to a source (a page, an object, a PROPFIND), ms (CONNECTOR_TIMEOUT_MS). */
  timeoutMs: number;
  /** How long a sync holds its run without a heartbeat before another worker resumes it, s. */
  leaseSeconds: number;
  /** How often the worker looks for due and abandoned syncs, s (CONNECTOR_POLL_SECONDS). */
  pollSeconds: number;
  /** Syncs one worker process runs at once, one per company (CONNECTOR_CONCURRENCY, default 2). */
  concurrency: number;
  /**
   * Days a document removed by a sync stays recoverable (its rows archived, its file kept) before
   * it is purged (CONNECTOR_RETENTION_DAYS, default 30; 0 purges at the next poll).
   */
  retentionDays: number;
}

/** Parses CONNECTOR_*. @throws ConfigError naming a malformed variable. */
export function connectorsConfig(env: Env): ConnectorsConfig {
  const roots = list(env, 'CONNECTOR_FOLDER_ROOTS');
  for (const root of roots)
    if (!isAbsolute(root)) throw new ConfigError(`CONNECTOR_FOLDER_ROOTS: "${root}" is not an absolute path`);
  return {
    allowlist: allowlist(env, 'CONNECTOR_ALLOWLIST'),
    folderRoots: roots.map((r) => resolve(r)),
    timeoutMs: int(env, 'CONNECTOR_TIMEOUT_MS', 30_000, 100),
    leaseSeconds: int(env, 'CONNECTOR_LEASE_SECONDS', 60, 1),
    pollSeconds: int(env, 'CONNECTOR_POLL_SECONDS', 15, 1),
    concurrency: int(env, 'CONNECTOR_CONCURRENCY', 2, 1),
    retentionDays: int(env, 'CONNECTOR_RETENTION_DAYS', 30, 0),
  };
}
