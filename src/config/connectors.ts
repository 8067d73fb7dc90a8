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
   * it is purged (CONNECTOR_RETENTION_DAYS, default 30; 0: at the worker's next purge, once a minute).
   */
  retentionDays: number;
  /** Bounds of the web crawler (sources/web/budget.ts; docs/connectors.md "Web"). */
  crawl: CrawlLimits;
}

/** What one web sync may do; pages are parsed in a sandboxed child (sources/web/extract.ts). */
export interface CrawlLimits {
  /** Same-site links followed from one page (CONNECTOR_MAX_LINKS_PER_PAGE, default 5,000). */
  maxLinksPerPage: number;
  /**
   * Requests one sync may make (CONNECTOR_MAX_REQUESTS, default 50,000), and never more than
   * 4 × the connector's maxItems + 10 (dead links and redirects cost requests, not items).
   */
  maxRequests: number;
  /** Crawled pages' bytes a listing keeps in memory for the sync; past it pages are re-fetched, MiB. */
  heldMb: number;
  /** Heap of the child that reads pages' links and sitemaps, MB (CONNECTOR_PARSE_MEMORY_MB). */
  parseMemoryMb: number;
  /** Time one page's or sitemap's parse may take, ms (CONNECTOR_PARSE_TIMEOUT_SECONDS). */
  parseTimeoutMs: number;
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
    crawl: {
      maxLinksPerPage: int(env, 'CONNECTOR_MAX_LINKS_PER_PAGE', 5_000, 1),
      maxRequests: int(env, 'CONNECTOR_MAX_REQUESTS', 50_000, 1),
      heldMb: int(env, 'CONNECTOR_HELD_MB', 16, 0),
      parseMemoryMb: int(env, 'CONNECTOR_PARSE_MEMORY_MB', 512, 64),
      parseTimeoutMs: int(env, 'CONNECTOR_PARSE_TIMEOUT_SECONDS', 30, 1) * 1000,
    },
    retentionDays: int(env, 'CONNECTOR_RETENTION_DAYS', 30, 0),
  };
}
