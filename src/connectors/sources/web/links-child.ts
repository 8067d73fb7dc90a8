/**
 * The crawler's parse process (forked by extract.ts through the ingestion sandbox's ChildPool,
 * with a capped heap and a time limit): reads a crawled page's same-site links or a sitemap's
 * URLs, so no byte of a crawled page is parsed on the API's thread. Answers at most `maxLinks`
 * of them, in document order, with `capped` saying whether there were more, and those of them
 * the site's robots.txt allows (web/robots.ts: parsed and evaluated here too). A `robots` job
 * only judges URLs (start URLs, redirect targets, links kept from an earlier sync).
 */
import { XMLParser } from 'fast-xml-parser';
import { parseHTML } from 'linkedom';
import { normalize } from './item-url.ts';
import { allowedUrls, type RobotsFile } from './robots.ts';

/**
 * What to do: read an HTML page's links or a sitemap's `<loc>`s, or judge `urls`; each under
 * the site's robots.txt when it has one.
 */
export type LinksRequest = { robots?: RobotsFile } & (
  | ({ maxLinks: number; body: Uint8Array } & (
      { kind: 'page'; pageUrl: string; origin: string } | { kind: 'sitemap' }
    ))
  | { kind: 'robots'; urls: string[] }
);
/** A job from the parent. */
export type LinksJob = LinksRequest & { id: number };

/** The links found (absolute, http(s), no fragment; a page's: same-origin, each once). */
export interface LinksResult {
  links: string[];
  capped: boolean;
  /** Those of `links` robots.txt allows our agent, in order (a `robots` job: of its `urls`; `links` empty). */
  allowed: string[];
}

type Found = Omit<LinksResult, 'allowed'>;

function pageLinks(html: string, pageUrl: string, origin: string, maxLinks: number): Found {
  const { document } = parseHTML(html);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href') ?? pageUrl;
  const base = normalize(baseHref, pageUrl)?.href ?? pageUrl;
  const out = new Set<string>();
  for (const a of document.querySelectorAll('a[href]')) {
    const url = normalize(a.getAttribute('href') ?? '', base);
    if (!url || url.origin !== origin) continue;
    if (out.size >= maxLinks && !out.has(url.href)) return { links: [...out], capped: true };
    out.add(url.href);
  }
  return { links: [...out], capped: false };
}

function sitemapLinks(xml: string, maxLinks: number): Found {
  const doc = new XMLParser({ removeNSPrefix: true }).parse(xml) as {
    urlset?: { url?: { loc?: unknown } | { loc?: unknown }[] };
  };
  const all = [doc.urlset?.url ?? []].flat().flatMap((u) => (u.loc ? [String(u.loc).trim()] : []));
  return { links: all.slice(0, maxLinks), capped: all.length > maxLinks };
}

process.on('message', (job: LinksJob) => {
  try {
    let result: LinksResult;
    if (job.kind === 'robots')
      result = { links: [], capped: false, allowed: allowedUrls(job.robots, job.urls) };
    else {
      const text = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString('utf8');
      const found =
        job.kind === 'page'
          ? pageLinks(text, job.pageUrl, job.origin, job.maxLinks)
          : sitemapLinks(text, job.maxLinks);
      result = { ...found, allowed: allowedUrls(job.robots, found.links) };
    }
    process.send!({ id: job.id, ok: true, result });
  } catch (err) {
    process.send!({ id: job.id, ok: false, reason: `cannot be read: ${(err as Error).message}` });
  }
});
process.send!({ ready: true });
