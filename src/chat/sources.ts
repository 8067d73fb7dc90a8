import type { Source } from './llm/provider.ts';
import { quoteFor } from './quotes.ts';

/**
 * A `sources` item: the spec's `id` (document id), `name`, `score`, plus where it was cited. Web
 * results have `kind: "web"`, `id` = their URL and `url`.
 */
export interface SourceView {
  id: string;
  kind?: 'web';
  url?: string;
  name: string;
  score: number;
  chunks: CitedChunk[];
}

/** Where a cited chunk sits: page (PDF), sheet and rows (spreadsheets), slide; absent when not applicable. */
export interface CitedChunk {
  citation: number;
  chunkId: string;
  /** The chunk's opening words, untrusted plain text (a document may contain markup). */
  snippet: string;
  /** The chunk's sentence the answer cites (quotes.ts), untrusted plain text; absent when none matched. */
  quote?: string;
  page: number | null;
  pageEnd?: number;
  sheet?: string;
  rowStart?: number;
  rowEnd?: number;
  slide?: number;
}

/** Longest snippet, characters: enough to recognise the passage in a citation pop-over. */
export const SNIPPET_CHARS = 280;

/** The chunk's text, whitespace collapsed, cut at a word near SNIPPET_CHARS with `…`. */
export function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_CHARS) return flat;
  const cut = flat.slice(0, SNIPPET_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > SNIPPET_CHARS * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The citation's location fields that apply to this chunk. */
function located(c: Source, citation: number, answer?: string): CitedChunk {
  const quote = answer === undefined ? undefined : quoteFor(c.text, answer, citation);
  return {
    citation,
    chunkId: c.chunkId,
    snippet: snippetOf(c.text),
    ...(quote ? { quote } : {}),
    page: c.pageStart,
    ...(c.pageEnd != null && c.pageEnd !== c.pageStart ? { pageEnd: c.pageEnd } : {}),
    ...(c.sheet != null ? { sheet: c.sheet } : {}),
    ...(c.rowStart != null ? { rowStart: c.rowStart } : {}),
    ...(c.rowEnd != null ? { rowEnd: c.rowEnd } : {}),
    ...(c.slide != null ? { slide: c.slide } : {}),
  };
}

/**
 * Sources event items: one per document, best chunk score first.
 * @param used the answer's citations, prompt number → number shown in its text
 *   (CitationFilter.numbering): only those chunks are listed, under their shown number (a
 *   refusal's is empty, so it shows no snippet of documents it did not answer from); absent: every
 *   chunk, numbered by its position
 * @param answer the answer as shown: each cited chunk gets the `quote` it is cited for
 */
export function sourcesOf(
  chunks: Source[],
  used?: ReadonlyMap<number, number>,
  answer?: string,
): SourceView[] {
  const byDoc = new Map<string, SourceView>();
  chunks.forEach((c, i) => {
    const citation = used ? used.get(i + 1) : i + 1;
    if (citation === undefined) return;
    const key = c.web ? c.web.url : c.documentId;
    const entry = byDoc.get(key) ?? {
      id: key,
      ...(c.web ? { kind: 'web' as const, url: c.web.url } : {}),
      name: c.documentName,
      score: c.score,
      chunks: [],
    };
    entry.score = Math.max(entry.score, c.score);
    entry.chunks.push(located(c, citation, answer));
    byDoc.set(key, entry);
  });
  return [...byDoc.values()].sort((a, b) => b.score - a.score);
}
