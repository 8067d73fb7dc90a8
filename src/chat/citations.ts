/**
 * Streams answer text through, dropping citation markers `[n]` whose n is not a source number
 * (ARCHITECTURE.md step 4) and recording the ones used. A marker split across fragments
 * ("[1" + "2]") is held back until it is complete, so no client ever sees a marker that is
 * later removed.
 */
export class CitationFilter {
  readonly used = new Set<number>();
  private pending = '';
  private readonly sourceCount: number;

  constructor(sourceCount: number) {
    this.sourceCount = sourceCount;
  }

  /** Feeds a fragment; returns the text that is safe to emit now. */
  push(fragment: string): string {
    const text = this.pending + fragment;
    this.pending = '';
    // Hold back an unfinished " [", "[1", " [12" at the end, with the space a dropped marker takes along.
    const tail = /\s?\[\d{0,3}$/.exec(text);
    const ready = tail ? text.slice(0, tail.index) : text;
    if (tail) this.pending = tail[0];
    return this.clean(ready);
  }

  /** Emits whatever is held back at the end of the stream. */
  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return this.clean(rest);
  }

  private clean(text: string): string {
    return text.replace(/ ?\[(\d{1,3})\]/g, (marker, digits: string) => {
      const n = Number(digits);
      if (n >= 1 && n <= this.sourceCount) {
        this.used.add(n);
        return marker;
      }
      return '';
    });
  }
}

/** A `citationMap` entry; web sources add `kind: "web"` and `url` (src/chat/web-sources.ts). */
export interface Citation {
  documentId: string;
  chunkId: string;
  kind?: 'web';
  url?: string;
}

/** `citationMap` of the `done` event: used numbers (as strings) → the chunk they cite. */
export function buildCitationMap(
  used: Iterable<number>,
  sources: { documentId: string; chunkId: string; web?: { url: string } }[],
): Record<string, Citation> {
  const map: Record<string, Citation> = {};
  for (const n of [...used].sort((a, b) => a - b)) {
    const source = sources[n - 1];
    if (!source) continue;
    map[String(n)] = source.web
      ? { documentId: source.documentId, chunkId: source.chunkId, kind: 'web', url: source.web.url }
      : { documentId: source.documentId, chunkId: source.chunkId };
  }
  return map;
}
