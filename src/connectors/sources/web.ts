import { createHash } from 'node:crypto';
import robotsModule from 'robots-parser';
import { XMLParser } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import type { WebConfig } from '../config.ts';
import type { ConnectorNet } from '../outbound.ts';
import { OutboundRequestError } from '../../lib/http-client.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type ListContext,
  type SourceItem,
} from '../types.ts';

/** robots-parser is CommonJS; its typings declare an ES default export. */
const robotsParser = robotsModule as unknown as (
  url: string,
  body: string,
) => {
  isDisallowed(url: string, ua?: string): boolean | undefined;
};

/** Our crawler's name in User-Agent and robots.txt groups. */
export const CRAWLER_AGENT = 'CogRAG-Connector';
/** Linked files fetched besides pages (PDFs and Office documents). */
const FILE_EXTENSIONS = /\.(pdf|docx?|xlsx?|pptx?|odt|ods|odp|rtf|epub|csv|txt|md)$/i;
const HTML = /^(text\/html|application\/xhtml\+xml)/i;

/** The URL as an item key: no fragment, host lower case (the WHATWG parser's normal form). */
function normalize(raw: string, base?: string): URL | null {
  try {
    const url = new URL(raw, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/** Same-site links of an HTML page: `a[href]` resolved against the page (or its `<base>`). */
function linksOf(html: string, pageUrl: string, origin: string): string[] {
  const { document } = parseHTML(html);
  const base = document.querySelector('base[href]')?.getAttribute('href') ?? pageUrl;
  const out = new Set<string>();
  for (const a of document.querySelectorAll('a[href]')) {
    const url = normalize(a.getAttribute('href') ?? '', normalize(base, pageUrl)?.href ?? pageUrl);
    if (url && url.origin === origin) out.add(url.href);
  }
  return [...out];
}

/**
 * A web site: start URLs and/or a sitemap, then same-origin links up to `maxDepth` hops;
 * robots.txt (our agent's group, else `*`) is obeyed; redirects are followed within the site,
 * each hop SSRF-checked again. Conditional requests: a page seen before is asked for with
 * `If-None-Match` / `If-Modified-Since`; a 304 costs no download and its links (kept in the
 * item's `meta`) are followed again. A page's version is its ETag, else Last-Modified, else its
 * content hash. HTML goes to the HTML parser (readability); linked PDFs and Office files too.
 * Pages answering 404/410 are left out, so the sync deletes them.
 */
export function webSource(config: WebConfig, net: ConnectorNet): ConnectorSource {
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
      let robots: ReturnType<typeof robotsParser> | null = null;
      try {
        const res = await get(`${origin}/robots.txt`);
        if (res.status === 200) robots = robotsParser(`${origin}/robots.txt`, res.body.toString('utf8'));
      } catch (err) {
        throw new ConnectorSourceError(`${origin} cannot be reached: ${(err as Error).message}`);
      }
      const queue: [string, number][] = config.startUrls.map((u) => [u, 0]);
      if (config.sitemapUrl) {
        const res = await get(config.sitemapUrl).catch((err: Error) => {
          throw new ConnectorSourceError(`sitemap: ${err.message}`);
        });
        if (res.status !== 200) throw new ConnectorSourceError(`sitemap answered ${res.status}`);
        const xml = new XMLParser({ removeNSPrefix: true }).parse(res.body.toString('utf8')) as {
          urlset?: { url?: { loc?: string } | { loc?: string }[] };
        };
        for (const u of [xml.urlset?.url ?? []].flat()) if (u.loc) queue.push([String(u.loc).trim(), 0]);
      }
      const visited = new Set<string>();
      for (let i = 0; i < queue.length; i++) {
        if (ctx.signal.aborted) return;
        const [raw, depth] = queue[i]!;
        const url = normalize(raw);
        if (!url || url.origin !== origin || visited.has(url.href)) continue;
        visited.add(url.href);
        if (robots?.isDisallowed(url.href, CRAWLER_AGENT)) continue;
        // Redirects hop by hop: the conditional request goes to the page the redirect ends at.
        let res;
        let at = url;
        let known = ctx.known(at.href);
        try {
          for (let hop = 0; ; hop++) {
            const headers: Record<string, string> = {};
            if (typeof known?.meta.etag === 'string') headers['if-none-match'] = known.meta.etag;
            if (typeof known?.meta.lastModified === 'string')
              headers['if-modified-since'] = known.meta.lastModified;
            res = await get(at.href, headers, ctx.limits.maxItemBytes);
            const location = res.headers.location;
            if (
              res.status < 300 ||
              res.status > 308 ||
              res.status === 304 ||
              typeof location !== 'string' ||
              hop >= 5
            )
              break;
            const next = normalize(location, at.href);
            if (!next || next.origin !== origin) break;
            at = next;
            known = ctx.known(at.href);
          }
        } catch (err) {
          if (err instanceof OutboundRequestError && err.reason === 'refused')
            throw new ConnectorSourceError(err.message);
          continue; // unreachable page: left out of this listing
        }
        const final = at;
        if (res.status >= 300 && res.status !== 304) continue;
        if (final.href !== url.href) {
          if (visited.has(final.href)) continue;
          visited.add(final.href);
        }
        let links: string[] = [];
        if (res.status === 304 && known) {
          links = Array.isArray(known.meta.links) ? (known.meta.links as string[]) : [];
          yield {
            key: final.href,
            version: known.version,
            name: nameOf(final),
            sourceUrl: final.href,
            meta: known.meta,
          };
        } else if (res.status === 200) {
          const type = String(res.headers['content-type'] ?? '');
          const html = HTML.test(type);
          if (
            !html &&
            !FILE_EXTENSIONS.test(final.pathname) &&
            !/pdf|officedocument|opendocument|msword/.test(type)
          )
            continue;
          if (html) links = linksOf(res.body.toString('utf8'), final.href, origin);
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
            bytes: new Uint8Array(res.body),
            meta: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}), links },
          };
        }
        if (depth < ctx.limits.maxDepth) for (const link of links) queue.push([link, depth + 1]);
      }
    },
    async fetch(item, maxBytes) {
      const res = await get(item.sourceUrl, {}, maxBytes);
      if (res.status !== 200) throw new SourceItemError(`answered ${res.status}`);
      return new Uint8Array(res.body);
    },
  };
}

/** A file name for the document: the path's last segment (`index.html` for a directory page). */
function nameOf(url: URL, html = false): string {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'index';
  return html && !/\.html?$/i.test(last) ? `${last}.html` : last;
}
