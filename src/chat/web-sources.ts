import type { WebResult } from '../search/web/provider.ts';
import type { Source } from './llm/provider.ts';

/** Web results given to the model, at most, when a chat asks for `webSearch`. */
export const WEB_SOURCES_PER_ANSWER = 3;

/**
 * Web results as numbered sources placed after the company's documents. They carry `web`, so
 * the prompt puts them in their own block and the `sources`/`citationMap` mark them as web
 * sources (`documentId` `"web"`, `chunkId` `web_<n>`, plus `url`). Score 0: listed last.
 */
export function webSources(results: WebResult[]): Source[] {
  return results.map((r, i) => ({
    chunkId: `web_${i + 1}`,
    documentId: 'web',
    documentName: r.title,
    text: r.snippet || r.title,
    pageStart: null,
    pageEnd: null,
    headingPath: [],
    score: 0,
    web: { url: r.url, title: r.title, source: r.source },
  }));
}
