import { XMLParser } from 'fast-xml-parser';
import type { WebdavConfig } from '../config.ts';
import type { ConnectorNet } from '../outbound.ts';
import {
  ConnectorSourceError,
  SourceItemError,
  type ConnectorSource,
  type ListContext,
  type SourceItem,
} from '../types.ts';

const PROPFIND = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/><d:getlastmodified/><d:getcontentlength/></d:prop></d:propfind>`;

interface DavEntry {
  href: string;
  collection: boolean;
  etag: string | null;
  lastModified: string | null;
  length: number | null;
}

/** The `response` entries of a PROPFIND multistatus body (namespace prefixes dropped). */
function parseMultistatus(xml: string): DavEntry[] {
  const doc = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(xml) as {
    multistatus?: { response?: unknown };
  };
  const out: DavEntry[] = [];
  for (const r of [doc.multistatus?.response ?? []].flat() as Record<string, unknown>[]) {
    const stats = [r.propstat ?? []].flat() as { prop?: Record<string, unknown>; status?: string }[];
    const prop = stats.find((s) => String(s.status ?? '').includes(' 200'))?.prop ?? {};
    const type = prop.resourcetype;
    out.push({
      href: String(r.href ?? ''),
      collection: typeof type === 'object' && type !== null && 'collection' in type,
      etag: prop.getetag ? String(prop.getetag) : null,
      lastModified: prop.getlastmodified ? String(prop.getlastmodified) : null,
      length: prop.getcontentlength !== undefined ? Number(prop.getcontentlength) : null,
    });
  }
  return out;
}

/**
 * A WebDAV collection (Nextcloud, SharePoint's WebDAV, Apache mod_dav): PROPFIND `Depth: 1`
 * level by level to `maxDepth`, items keyed by their path below the collection and versioned by
 * `getetag` (else last-modified and length). Basic auth with `username` and the secret. Requests
 * go through the connector policy's SSRF-checked client. Credentials go to the configured origin
 * only (issue 36): an `href` is read as a path on that origin whatever host it names, entries
 * outside the collection are skipped, redirects are not followed, and an item on another origin
 * is refused before any request. A `user:password@` left in a stored URL is never used or shown.
 */
export function webdavSource(
  config: WebdavConfig,
  secret: string | null,
  net: ConnectorNet,
): ConnectorSource {
  const base = new URL(config.url);
  base.username = '';
  base.password = '';
  const basePath = decodeURIComponent(base.pathname);
  /** The entry's path as a URL on the configured origin (never the host an answer names). */
  const onOrigin = (href: string) => new URL(new URL(href, base).pathname, base);
  const auth: Record<string, string> = config.username
    ? { authorization: `Basic ${Buffer.from(`${config.username}:${secret ?? ''}`).toString('base64')}` }
    : {};
  return {
    async *list(ctx: ListContext): AsyncIterable<SourceItem> {
      const stack: [string, number][] = [[base.pathname, 0]];
      while (stack.length) {
        if (ctx.signal.aborted) return;
        const [path, depth] = stack.pop()!;
        const url = new URL(path, base).href;
        let res;
        try {
          res = await net.http.request(url, {
            method: 'PROPFIND',
            headers: { ...auth, depth: '1', 'content-type': 'application/xml' },
            body: PROPFIND,
            maxResponseBytes: 16 * 1024 * 1024,
          });
        } catch (err) {
          throw new ConnectorSourceError(`${url}: ${(err as Error).message}`);
        }
        if (res.status !== 207) throw new ConnectorSourceError(`PROPFIND ${url} answered ${res.status}`);
        const here = decodeURIComponent(new URL(path, base).pathname).replace(/\/$/, '');
        for (const entry of parseMultistatus(res.body.toString('utf8'))) {
          const at = onOrigin(entry.href);
          const abs = decodeURIComponent(at.pathname);
          if (abs.replace(/\/$/, '') === here || !abs.startsWith(basePath)) continue;
          if (entry.collection) {
            if (depth < ctx.limits.maxDepth) stack.push([at.pathname, depth + 1]);
            continue;
          }
          const key = abs.slice(basePath.length);
          yield {
            key,
            version: entry.etag ? `etag:${entry.etag}` : `lm:${entry.lastModified}:${entry.length}`,
            name: key.split('/').pop()!,
            sourceUrl: at.href,
            ...(entry.length !== null ? { size: entry.length } : {}),
          };
        }
      }
    },
    async fetch(item, maxBytes) {
      if (new URL(item.sourceUrl).origin !== base.origin)
        throw new SourceItemError(`${item.sourceUrl} is not on the connector's origin ${base.origin}`);
      const res = await net.http
        .request(item.sourceUrl, { headers: auth, maxResponseBytes: maxBytes })
        .catch((err: Error) => {
          throw new SourceItemError(err.message);
        });
      if (res.status !== 200) throw new SourceItemError(`GET answered ${res.status}`);
      return new Uint8Array(res.body);
    },
  };
}
