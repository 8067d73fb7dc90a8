import { fileURLToPath } from 'node:url';
import { ChildLimitError, ChildPool } from '../../../ingestion/sandbox/child-pool.ts';
import type { CrawlLimits } from '../../../config/connectors.ts';
import type { LinksRequest, LinksResult } from './links-child.ts';

const CHILD = fileURLToPath(new URL('./links-child.ts', import.meta.url));
/** Pages and sitemaps parsed at once in one process: CONNECTOR_CONCURRENCY's default. */
const POOL_SIZE = 2;

/** Reading a page's links or a sitemap failed (a limit, a broken document): user-facing message. */
export class LinksError extends Error {
  override name = 'LinksError';
}

const pools = new Map<string, ChildPool<LinksRequest, LinksResult>>();

/** The process's pool for these limits (one in production: the limits are the operator's). */
function poolOf(limits: CrawlLimits) {
  const key = `${limits.parseMemoryMb}:${limits.parseTimeoutMs}`;
  let pool = pools.get(key);
  if (!pool) {
    pool = new ChildPool(
      CHILD,
      {
        memoryMb: limits.parseMemoryMb,
        timeoutMs: limits.parseTimeoutMs,
        tooMuchMemory: `reading it needs more than the ${limits.parseMemoryMb} MB a crawled page may use (CONNECTOR_PARSE_MEMORY_MB)`,
        tooSlow: `reading it took longer than ${Math.round(limits.parseTimeoutMs / 1000)} s (CONNECTOR_PARSE_TIMEOUT_SECONDS)`,
      },
      POOL_SIZE,
    );
    pools.set(key, pool);
  }
  return pool;
}

/**
 * A crawled page's same-site links (absolute, no fragment, each once, document order) or a
 * sitemap's URLs, read in a sandboxed child process (links-child.ts) under `limits`: at most
 * `maxLinks` come back, `capped` saying there were more.
 * @throws LinksError naming the limit passed (memory, time) or why the document is unreadable
 */
export async function extractLinks(
  job: LinksRequest,
  limits: CrawlLimits,
  signal?: AbortSignal,
): Promise<LinksResult> {
  try {
    const answer = await poolOf(limits).call(job, signal);
    if (!answer.ok) throw new LinksError(answer.reason);
    return answer.result;
  } catch (err) {
    if (err instanceof ChildLimitError) throw new LinksError(err.message);
    throw err;
  }
}
