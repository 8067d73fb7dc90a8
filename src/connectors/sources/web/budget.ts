import type { CrawlLimits } from '../../../config/connectors.ts';
import type { SyncLimits } from '../../types.ts';

/**
 * Requests one sync may make per item it may list: a page costs one, and dead links and
 * redirects cost requests without becoming items; four leaves room for a site where three
 * links in four are dead, without letting a page of 200,000 dead links cost 200,000 requests.
 */
export const REQUESTS_PER_ITEM = 4;

/**
 * One web listing's bounds, counted as responses arrive (docs/connectors.md "Web"): requests
 * made, bytes downloaded, bytes of pages handed to the sync in memory. `stop` says why the
 * crawl must end early (the sync then deletes nothing), null while within bounds.
 */
export class CrawlBudget {
  /** Requests allowed: CONNECTOR_MAX_REQUESTS, and never more than 4 × maxItems + 10. */
  readonly maxRequests: number;
  requests = 0;
  downloaded = 0;
  held = 0;
  readonly #heldMax: number;
  readonly #maxBytes: number;

  constructor(crawl: CrawlLimits, limits: SyncLimits) {
    this.maxRequests = Math.min(crawl.maxRequests, REQUESTS_PER_ITEM * limits.maxItems + 10);
    this.#heldMax = crawl.heldMb * 1024 * 1024;
    this.#maxBytes = limits.maxBytes;
  }

  /** Whether another request may start now, with `inFlight` visits still running. */
  canRequest(inFlight: number): boolean {
    return this.requests + inFlight < this.maxRequests;
  }

  /** Counts a page's body; true when the listing may keep it for the sync (CONNECTOR_HELD_MB). */
  received(bytes: number): boolean {
    this.downloaded += bytes;
    if (this.held + bytes > this.#heldMax) return false;
    this.held += bytes;
    return true;
  }

  /** Why the crawl must stop now, naming the bound; null within bounds. */
  stop(): string | null {
    if (this.downloaded > this.#maxBytes)
      return `the crawl downloaded ${this.downloaded.toLocaleString('en-US')} bytes, more than the connector's maxBytes (${this.#maxBytes.toLocaleString('en-US')})`;
    return null;
  }

  /** The reason given when requests ran out with pages still to visit. */
  outOfRequests(): string {
    return `the crawl stopped after ${this.requests.toLocaleString('en-US')} requests, the most one sync may make (CONNECTOR_MAX_REQUESTS, at most ${REQUESTS_PER_ITEM} × maxItems + 10)`;
  }
}
