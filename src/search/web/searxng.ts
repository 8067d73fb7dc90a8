import type { HttpClient } from '../../lib/http-client.ts';
import { OutboundRequestError } from '../../lib/http-client.ts';
import { WebSearchError, type WebResult, type WebSearchProvider } from './provider.ts';

/** Largest SearXNG answer read, bytes; a page of results is ~20–60 kB. */
const MAX_RESPONSE_BYTES = 1024 * 1024;
const MAX_FIELD_CHARS = 2000;

interface SearxngResult {
  title?: unknown;
  url?: unknown;
  content?: unknown;
  engine?: unknown;
  engines?: unknown;
}

const text = (v: unknown) =>
  typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_CHARS) : '';

/**
 * SearXNG's JSON API: `GET <base>/search?q=…&format=json` answers `{ query, results: [{ title,
 * url, content, engine, engines }] }` (https://docs.searxng.org/dev/search_api.html). The
 * instance must list `json` under `search.formats` in its settings.yml, or it answers 403.
 * Results without an http(s) URL are dropped; fields are trimmed and capped.
 */
export function searxngProvider(http: HttpClient, baseUrl: string, timeoutMs: number): WebSearchProvider {
  return {
    name: 'searxng',
    async search(query, { limit, signal }) {
      const url = `${baseUrl}/search?${new URLSearchParams({ q: query, format: 'json', pageno: '1' })}`;
      let res;
      try {
        res = await http.request(url, {
          headers: { accept: 'application/json' },
          timeoutMs,
          maxResponseBytes: MAX_RESPONSE_BYTES,
          maxRedirects: 2,
          signal,
        });
      } catch (err) {
        if (err instanceof OutboundRequestError) {
          const why =
            err.reason === 'timeout'
              ? `did not answer within ${timeoutMs} ms`
              : err.reason === 'too_large'
                ? `answered more than ${MAX_RESPONSE_BYTES} bytes`
                : `could not be reached (${err.message})`;
          throw new WebSearchError(`The web search provider ${why}`, { cause: err });
        }
        throw err;
      }
      if (res.status !== 200) {
        const hint = res.status === 403 ? ' (is "json" enabled under search.formats?)' : '';
        throw new WebSearchError(`The web search provider answered HTTP ${res.status}${hint}`);
      }
      let body: { results?: unknown };
      try {
        body = JSON.parse(res.body.toString('utf8')) as { results?: unknown };
      } catch {
        throw new WebSearchError('The web search provider answered something that is not JSON');
      }
      if (!body || typeof body !== 'object' || !Array.isArray(body.results))
        throw new WebSearchError('The web search provider answered JSON without a results list');
      const results: WebResult[] = [];
      for (const r of body.results as SearxngResult[]) {
        const link = text(r?.url);
        if (!/^https?:\/\//i.test(link)) continue;
        const engines = Array.isArray(r.engines) ? r.engines.filter((e) => typeof e === 'string') : [];
        results.push({
          title: text(r.title) || link,
          url: link,
          snippet: text(r.content),
          source: engines.length ? engines.join(', ') : text(r.engine) || 'searxng',
        });
        if (results.length >= limit) break;
      }
      return results;
    },
  };
}
