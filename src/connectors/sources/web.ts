import { createHash } from 'node:crypto';
import type { WebConfig } from '../config.ts';
import { connectorsConfig, type CrawlLimits } from '../../config/connectors.ts';
import { CrawlBudget } from './web/budget.ts';
import { extractLinks, LinksError } from './web/extract.ts';
import type { ConnectorNet } from '../outbound.ts';
import { OutboundRequestError, type OutboundResponse } from '../../lib/http-client.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type KnownItem,
  type ListContext,
  type SourceItem,
} from '../types.ts';
import { normalize } from './web/item-url.ts';
import { CRAWLER_AGENT, type RobotsFile } from './web/robots.ts';

export { CRAWLER_AGENT };
/** Linked files fetched besides pages (PDFs and Office documents). */
const FILE_EXTENSIONS = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|epub|csv|txt|md)$/i;
const HTML = /^(text\/html|application\/xhtml\+xml)/i;
/** Pages asked for at once: a re-sync of unchanged pages is mostly round trips (304s). */
const PARALLEL_REQUESTS = 4;
/** robots.txt read at most: RFC 9309 §2.5 asks crawlers to parse at least 500 KiB. */
const ROBOTS_MAX_BYTES = 512 * 1024;
/** URLs one sitemap may list (sitemaps.org protocol: 50,000). */
const SITEMAP_MAX_URLS = 50_000;

/** What asking for one page gave: its last response, or why there is none. */
interface Visit {
  url: URL;
  depth: number;
  /** The page the redirects ended at. */
  final: URL;
  known: KnownItem | undefined;
  res?: OutboundResponse;
  /** Failed for good (too large, a bad URL): left out, so its document is deleted. */
  unusable?: true;
  /** The policy refused the address: the whole sync fails. */
  refused?: string;
}

/**
 * A web site: start URLs and/or a sitemap, then same-origin links up to `maxDepth` hops;
 * robots.txt (our agent's group, else `*`) is obeyed, redirect targets included; redirects are
 * followed within the site, each hop SSRF-checked again; up to PARALLEL_REQUESTS pages at once. Conditional requests: a page seen before is asked for with
 * `If-None-Match` / `If-Modified-Since`; a 304 costs no download and its links (kept in the
 * item's `meta`) are followed again. A page's version is its ETag, else Last-Modified, else its
 * content hash. HTML goes to the HTML parser (readability); linked PDFs and Office files too.
 * Pages answering 404/410 (or redirecting off the site) are left out, so the sync deletes them;
 * a page seen before that fails for now (5xx, 429, a timeout) is listed as it was and kept.
 *
 * Pages, sitemaps and robots.txt are parsed in a sandboxed child (web/extract.ts), never on this
 * thread, which also judges every URL against robots.txt before it is queued; and
 * the crawl is bounded as responses arrive (`crawl`, web/budget.ts): links per page, requests
 * per sync, bytes downloaded (maxBytes), pages' bytes kept in memory for the sync (past that
 * they are listed without bytes and fetched again). A bound reached ends the listing as
 * incomplete: the run says which bound, and deletes nothing.
 */
export function webSource(
  config: WebConfig,
  net: ConnectorNet,
  crawl: CrawlLimits = connectorsConfig({}).crawl,
): ConnectorSource {
  const first = normalize(config.startUrls[0] ?? config.sitemapUrl ?? '');
  if (!first) throw new ConnectorSourceError('no start URL');
  const origin = first.origin;
  const get = (url: string, headers: Record<string, string> = {}, maxResponseBytes?: number) =>
    net.http.request(url, {
      headers: { 'user-agent': `${CRAWLER_AGENT}/1.0`, ...headers },
      ...(maxResponseBytes ? { maxResponseBytes } : {}),
    });
  return {
    async *list(ctx: ListContext): AsyncIterable<SourceItem> {
      const budget = new CrawlBudget(crawl, ctx.limits);
      // Only the bytes are held here: the links child parses and evaluates them (web/robots.ts).
      let robots: RobotsFile | undefined;
      try {
        budget.requests++;
        const res = await get(`${origin}/robots.txt`, {}, ROBOTS_MAX_BYTES);
        if (res.status === 200) robots = { origin, body: new Uint8Array(res.body) };
      } catch (err) {
        if (err instanceof OutboundRequestError && err.reason === 'too_large')
          throw new ConnectorSourceError(`${origin}/robots.txt is larger than 512 KiB (RFC 9309)`);
        throw new ConnectorSourceError(`${origin} cannot be reached: ${(err as Error).message}`);
      }
      /**
       * Those of `urls` robots.txt allows, judged in the links child. Rules that cannot be judged
       * (the child's time or memory limit) allow nothing, and the listing is incomplete.
       */
      const allowed = async (urls: string[]): Promise<string[]> => {
        if (!robots || !urls.length) return urls;
        try {
          return (await extractLinks({ kind: 'robots', urls, robots }, crawl)).allowed;
        } catch (err) {
          if (!(err instanceof LinksError)) throw err;
          ctx.incomplete(`${origin}/robots.txt`, `its rules were not applied: ${err.message}`);
          return [];
        }
      };
      const queue: [string, number][] = (await allowed(config.startUrls)).map((u) => [u, 0]);
      if (config.sitemapUrl) {
        budget.requests++;
        const res = await get(config.sitemapUrl).catch((err: Error) => {
          throw new ConnectorSourceError(`sitemap: ${err.message}`);
        });
        if (res.status !== 200) throw new ConnectorSourceError(`sitemap answered ${res.status}`);
        budget.downloaded += res.body.length;
        const maxLinks = Math.min(SITEMAP_MAX_URLS, budget.maxRequests);
        const found = await extractLinks(
          { kind: 'sitemap', body: res.body, maxLinks, ...(robots ? { robots } : {}) },
          crawl,
        ).catch((err: Error) => {
          if (err instanceof LinksError) throw new ConnectorSourceError(`sitemap: ${err.message}`);
          throw err;
        });
        if (found.capped) ctx.incomplete(config.sitemapUrl, `the sitemap lists more than ${maxLinks} URLs`);
        for (const loc of found.allowed) queue.push([loc, 0]);
      }
      /**
       * A page's links (kept in its item's meta) and those robots.txt allows (followed), read in
       * the sandbox; what could not be read is said, and deletes nothing.
       */
      const linksOf = async (body: Uint8Array, pageUrl: string) => {
        try {
          const maxLinks = crawl.maxLinksPerPage;
          const found = await extractLinks(
            { kind: 'page', body, pageUrl, origin, maxLinks, ...(robots ? { robots } : {}) },
            crawl,
          );
          if (found.capped)
            ctx.incomplete(
              pageUrl,
              `the page has more than ${maxLinks.toLocaleString('en-US')} links; the rest are not followed (CONNECTOR_MAX_LINKS_PER_PAGE)`,
            );
          return found;
        } catch (err) {
          if (!(err instanceof LinksError)) throw err;
          ctx.incomplete(pageUrl, `its links were not read: ${err.message}`);
          return { links: [], allowed: [] };
        }
      };
      const visited = new Set<string>();
      /** Queued URLs: a link is queued once, and never more than the requests left can visit. */
      const queued = new Set(queue.map(([u]) => u));
      /** One page asked for, redirects followed hop by hop; never rejects. */
      const visit = async (url: URL, depth: number): Promise<Visit> => {
        // The conditional request goes to the page the redirect ends at.
        let at = url;
        let known = ctx.known(at.href);
        try {
          for (let hop = 0; ; hop++) {
            const headers: Record<string, string> = {};
            if (typeof known?.meta.etag === 'string') headers['if-none-match'] = known.meta.etag;
            if (typeof known?.meta.lastModified === 'string')
              headers['if-modified-since'] = known.meta.lastModified;
            budget.requests++;
            const res = await get(at.href, headers, ctx.limits.maxItemBytes);
            const location = res.headers.location;
            if (
              res.status < 300 ||
              res.status > 308 ||
              res.status === 304 ||
              typeof location !== 'string' ||
              hop >= 5
            )
              return { url, depth, final: at, known, res };
            const next = normalize(location, at.href);
            if (!next || next.origin !== origin || !(await allowed([next.href])).length)
              return { url, depth, final: at, known, res };
            at = next;
            known = ctx.known(at.href);
          }
        } catch (err) {
          if (err instanceof OutboundRequestError && err.reason === 'refused')
            return { url, depth, final: at, known, refused: err.message };
          if (err instanceof OutboundRequestError && err.reason !== 'timeout' && err.reason !== 'network')
            return { url, depth, final: at, known, unusable: true };
          // Unreachable now (timeout, reset): judged like a 5xx.
          return { url, depth, final: at, known };
        }
      };
      // Up to PARALLEL_REQUESTS pages in flight, handled in queue order (breadth first).
      const inFlight: Promise<Visit>[] = [];
      let next = 0;
      let outOfRequests = false;
      const fill = () => {
        while (inFlight.length < PARALLEL_REQUESTS && next < queue.length) {
          if (!budget.canRequest(inFlight.length)) {
            outOfRequests = true;
            return;
          }
          const [raw, depth] = queue[next++]!;
          const url = normalize(raw);
          if (!url || url.origin !== origin || visited.has(url.href)) continue;
          visited.add(url.href);
          inFlight.push(visit(url, depth));
        }
      };
      fill();
      while (inFlight.length) {
        if (ctx.signal.aborted) return;
        const { url, depth, final, known, res, refused, unusable } = await inFlight.shift()!;
        if (refused) throw new ConnectorSourceError(refused);
        if (unusable) {
          fill();
          continue;
        }
        const follow = (links: string[]) => {
          if (depth >= ctx.limits.maxDepth) return;
          for (const link of links) {
            if (queued.has(link)) continue;
            if (queue.length - next >= budget.maxRequests) {
              outOfRequests = true;
              return;
            }
            queued.add(link);
            queue.push([link, depth + 1]);
          }
        };
        const firstVisit = () => {
          if (final.href === url.href) return true;
          if (visited.has(final.href)) return false;
          visited.add(final.href);
          return true;
        };
        /** The links kept from last time, judged again under today's robots.txt. */
        const knownLinks = () =>
          allowed(Array.isArray(known?.meta.links) ? (known.meta.links as string[]) : []);
        if (!res || res.status >= 500 || res.status === 429) {
          // A transient failure must not delete a page: one seen before is listed as it was (its
          // document stays, its known links are followed again); a new one waits for the next sync.
          if (known && firstVisit()) {
            yield {
              key: final.href,
              version: known.version,
              name: nameOf(final),
              sourceUrl: final.href,
              meta: known.meta,
            };
            follow(await knownLinks());
          }
        } else if (res.status === 304 && known) {
          if (firstVisit()) {
            yield {
              key: final.href,
              version: known.version,
              name: nameOf(final),
              sourceUrl: final.href,
              meta: known.meta,
            };
            follow(await knownLinks());
          }
        } else if (res.status === 200 && firstVisit()) {
          const type = String(res.headers['content-type'] ?? '');
          const html = HTML.test(type);
          if (
            html ||
            FILE_EXTENSIONS.test(final.pathname) ||
            /pdf|officedocument|opendocument|msword/.test(type)
          ) {
            const keep = budget.received(res.body.length);
            const { links, allowed: toFollow } = html
              ? await linksOf(res.body, final.href)
              : { links: [], allowed: [] };
            const etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
            const lastModified =
              typeof res.headers['last-modified'] === 'string' ? res.headers['last-modified'] : undefined;
            const hash = createHash('sha256').update(res.body).digest('hex');
            yield {
              key: final.href,
              version: etag ? `etag:${etag}` : lastModified ? `lm:${lastModified}` : `sha:${hash}`,
              name: nameOf(final, html),
              sourceUrl: final.href,
              size: res.body.length,
              // Past CONNECTOR_HELD_MB the sync fetches the page again rather than hold it.
              ...(keep ? { bytes: new Uint8Array(res.body) } : {}),
              meta: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}), links },
            };
            follow(toFollow);
          }
        }
        const stop = budget.stop();
        if (stop) return ctx.incomplete(origin, stop);
        fill();
      }
      if (outOfRequests) ctx.incomplete(origin, budget.outOfRequests());
    },
    async fetch(item, maxBytes) {
      const res = await get(item.sourceUrl, {}, maxBytes);
      if (res.status !== 200) throw new SourceItemError(`answered ${res.status}`);
      return new Uint8Array(res.body);
    },
  };
}

/** A path segment decoded; a malformed escape (`%zz`, a lone `%`) stays as written. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A file name for the document: the path's last segment (`index.html` for a directory page). */
function nameOf(url: URL, html = false): string {
  const last = decoded(url.pathname.split('/').pop() ?? '') || 'index';
  return html && !/\.html?$/i.test(last) ? `${last}.html` : last;
}
