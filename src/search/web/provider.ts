/** One web search hit, as the API returns it. `source` names the engine(s) that found it. */
export interface WebResult {
  title: string;
  url: string;
  snippet: string;
  source: string;
}

/**
 * A web search backend (one file per implementation, chosen in src/context.ts from config).
 * `search` returns at most `limit` results, best first.
 * @throws WebSearchError when the backend fails, times out or answers something unusable.
 */
export interface WebSearchProvider {
  readonly name: string;
  search(query: string, options: { limit: number; signal?: AbortSignal }): Promise<WebResult[]>;
}

/** The provider failed (unreachable, timeout, non-2xx, oversized or malformed answer): a 502. */
export class WebSearchError extends Error {
  override name = 'WebSearchError';
}
