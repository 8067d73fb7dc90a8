/**
 * Streams answer text through, dropping citation markers `[n]` whose n is not a source number
 * (ARCHITECTURE.md step 4) and recording the ones used. A marker split across fragments
 * ("[1" + "2]") is held back until it is complete, so no client ever sees a marker that is
 * later removed.
 *
 * Markers are renumbered in the order the answer first cites them: the prompt's source 6, cited
 * first, is shown as `[1]` (an answer citing one source of eight read "[6]" next to the single
 * source listed). `numbering` maps prompt numbers to the shown ones; the `sources` and
 * `citationMap` of the answer use the shown numbers (sourcesOf, buildCitationMap).
 */
export class CitationFilter {
  /** Prompt source numbers cited so far (1-based positions in the prompt's source list). */
  readonly used = new Set<number>();
  private readonly shownAs = new Map<number, number>();
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

  /** Prompt source number → the number shown in the text (1, 2, … in order of first citation). */
  get numbering(): ReadonlyMap<number, number> {
    return this.shownAs;
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
        let shown = this.shownAs.get(n);
        if (shown === undefined) this.shownAs.set(n, (shown = this.shownAs.size + 1));
        return marker.replace(`[${digits}]`, `[${shown}]`);
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

/**
 * `citationMap` of the `done` event: the numbers shown in the answer (as strings) → the chunk
 * they cite. `numbering` maps prompt source numbers (positions in `sources`, 1-based) to the shown
 * numbers (CitationFilter.numbering).
 */
export function buildCitationMap(
  numbering: ReadonlyMap<number, number>,
  sources: { documentId: string; chunkId: string; web?: { url: string } }[],
): Record<string, Citation> {
  const map: Record<string, Citation> = {};
  for (const [n, shown] of [...numbering].sort((a, b) => a[1] - b[1])) {
    const source = sources[n - 1];
    if (!source) continue;
    map[String(shown)] = source.web
      ? { documentId: source.documentId, chunkId: source.chunkId, kind: 'web', url: source.web.url }
      : { documentId: source.documentId, chunkId: source.chunkId };
  }
  return map;
}
