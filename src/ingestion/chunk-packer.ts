/**
 * The machinery behind `chunkDocument` (src/ingestion/chunker.ts): text segmentation for blocks
 * that must be split, and the greedy packer that fills token-bounded chunks with overlap.
 *
 * Segmentation falls back from coarse to fine boundaries, like LangChain's
 * RecursiveCharacterTextSplitter (paragraph → sentence → word → character), but with real
 * Unicode boundaries: sentences and words come from `Intl.Segmenter`, which implements the
 * Unicode text segmentation rules (UAX #29, https://unicode.org/reports/tr29/) and ICU's
 * dictionary word breaking for scripts written without spaces (Chinese, Japanese, Thai).
 */
import type { BlockKind } from './parsers/types.ts';
import type { Chunk } from './chunker.ts';

/** One unit of text placed in a chunk: a whole block, or a fragment of one. */
export interface Piece {
  text: string;
  /** Tokens of `text` alone, measured with the counter. */
  tokens: number;
  page: number | null;
  /** Index of the source block; fragments of one block share it and are rejoined with `glue`. */
  block: number;
  /** Separator placed before this piece when it follows a piece of the same block. */
  glue: string;
  kind: BlockKind;
  /** `overlap` pieces repeat earlier text; a chunk needs at least one `body` piece. */
  role: 'heading' | 'body' | 'overlap';
  /** Whole sentences (lines, rows) only; false for word fragments, which never seed overlap. */
  whole: boolean;
}

type Count = (text: string) => number;
/** Parts of a text and, for each, the exact separator that preceded it ('' for the first). */
type Split = { parts: string[]; glues: string[] };

const SENTENCES = new Intl.Segmenter('und', { granularity: 'sentence' });
const WORDS = new Intl.Segmenter('und', { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** UAX #29 breaks after any period followed by a capital; these endings are not sentence ends. */
const ABBREVIATION =
  /(?:^|[\s([])(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|vs|etc|e\.g|i\.e|cf|al|approx|Fig|Figs|Eq|No|Nos|Vol|pp|Inc|Ltd|Co|Corp|Dept|Sec|Art|Ch|[A-Z])\.$/;

/** Sentences of prose, with abbreviations ("Dr. Smith") kept inside their sentence. */
function sentences(text: string): Split {
  const split: Split = { parts: [], glues: [] };
  let glue = '';
  for (const { segment } of SENTENCES.segment(text)) {
    const body = segment.trimEnd();
    const last = split.parts.length - 1;
    if (body === '') {
      glue += segment;
      continue;
    }
    if (last >= 0 && ABBREVIATION.test(split.parts[last]!)) split.parts[last] += glue + body;
    else {
      split.parts.push(body);
      split.glues.push(last < 0 ? '' : glue);
    }
    glue = segment.slice(body.length);
  }
  return split;
}

/** Splits at every match of `separator` (a global RegExp) that has text on both sides. */
function splitAround(text: string, separator: RegExp): Split {
  const split: Split = { parts: [], glues: [] };
  let [start, glue] = [0, ''];
  for (const m of text.matchAll(separator)) {
    if (m.index === 0 || m.index + m[0].length >= text.length) continue;
    split.parts.push(text.slice(start, m.index));
    split.glues.push(glue);
    [start, glue] = [m.index + m[0].length, m[0]];
  }
  split.parts.push(text.slice(start));
  split.glues.push(glue);
  return split;
}

/**
 * Boundaries from coarse to fine. Level 0 is the natural unit of the block kind: lines of
 * code, cells of a table row, sentences of prose. Then whitespace-separated words, then UAX #29
 * word boundaries (for text without spaces: CJK, long hyphenated or dotted identifiers).
 * Separators are kept exactly, so rejoining the parts restores the text.
 */
const LEVELS: ((text: string, kind: BlockKind) => Split)[] = [
  (text, kind) => {
    if (kind === 'code') return splitAround(text, /\n(?:[^\S\n]*\n)*/g);
    if (kind === 'table-row') return splitAround(text, /(?<= \|) /g); // "a | b" → "a |", "b"
    return sentences(text);
  },
  (text) => splitAround(text, /\s+/g),
  (text) => {
    const parts = Array.from(WORDS.segment(text), (s) => s.segment);
    return { parts, glues: parts.map(() => '') };
  },
];

/** Level-0 parts are whole units, except the cells of a table row. */
const isWhole = (level: number, kind: BlockKind) => level === 0 && kind !== 'table-row';

/**
 * Splits a piece into fragments of at most `target` tokens, descending through `LEVELS` only
 * where a part is still too long. A part with no boundary left (one "word" longer than
 * `target`) is returned as it is, for the packer to cut at grapheme boundaries.
 */
function splitPiece(p: Piece, target: number, count: Count): Piece[] {
  const out: Piece[] = [];
  const refine = (text: string, tokens: number, glue: string, level: number, whole: boolean): void => {
    const split = level < LEVELS.length && tokens > target ? LEVELS[level]!(text, p.kind) : null;
    if (split === null) out.push({ ...p, text, tokens, glue, whole });
    else if (split.parts.length <= 1) refine(text, tokens, glue, level + 1, false);
    else {
      const partWhole = whole && isWhole(level, p.kind);
      split.parts.forEach((t, i) =>
        refine(t, count(t), i === 0 ? glue : split.glues[i]!, level + 1, partWhole),
      );
    }
  };
  refine(p.text, p.tokens, p.glue, 0, p.whole);
  return out;
}

/** Splits a piece at its coarsest available boundary only; [p] when it has none. */
function splitOnce(p: Piece, count: Count): Piece[] {
  for (let level = 0; level < LEVELS.length; level++) {
    const { parts, glues } = LEVELS[level]!(p.text, p.kind);
    if (parts.length > 1) {
      const whole = p.whole && isWhole(level, p.kind);
      return parts.map((t, i) => ({
        ...p,
        text: t,
        tokens: count(t),
        glue: i === 0 ? p.glue : glues[i]!,
        whole,
      }));
    }
  }
  return [p];
}

/** The longest run of graphemes from `start` within `budget` tokens, found by galloping. */
function longestPrefix(g: string[], start: number, budget: number, count: Count): [number, number] {
  const measure = (end: number) => count(g.slice(start, end).join(''));
  let [good, goodTokens, bad, step] = [start, 0, g.length + 1, Math.max(1, budget)];
  while (good < g.length) {
    const probe = Math.min(g.length, good + step);
    const tokens = measure(probe);
    if (tokens > budget) {
      bad = probe;
      break;
    }
    [good, goodTokens, step] = [probe, tokens, step * 2];
  }
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    const tokens = measure(mid);
    if (tokens <= budget) [good, goodTokens] = [mid, tokens];
    else bad = mid;
  }
  return [good, goodTokens];
}

/** Settings of one packer; `limit` is the packing target, `maxTokens` the verified bound. */
export interface PackerConfig {
  count: Count;
  /** Estimated tokens added by each separator when two pieces are joined. */
  joinCost: ReadonlyMap<string, number>;
  limit: number;
  maxTokens: number;
  overlapTokens: number;
  emit: (chunk: Omit<Chunk, 'index'>) => void;
}

/**
 * Greedy packer in the manner of Unstructured's `chunk_by_title`
 * (https://docs.unstructured.io/open-source/core-functionality/chunking): whole elements are
 * combined up to the limit and only an element that cannot fit is text-split. Token totals are
 * the sum of each piece's count plus a calibrated cost per separator, so nothing is
 * re-tokenised while packing; each finished chunk is counted once on its final text.
 */
export class ChunkPacker {
  readonly #cfg: PackerConfig;
  #cur: Piece[] = [];
  #curTokens = 0;
  #hasBody = false;
  #path: string[] = [];
  /** While a table is being placed row by row: its header row, repeated after each break. */
  #tableHeader: Piece | null = null;

  constructor(cfg: PackerConfig) {
    this.#cfg = cfg;
  }

  /**
   * A heading closes the section (no overlap crosses it) and waits for the content after it.
   * One too long to leave room for content (over half a chunk) is packed like a paragraph.
   */
  heading(piece: Piece, path: string[]): void {
    if (this.#hasBody) this.#close(false);
    this.#cur = this.#cur.filter((p) => p.role === 'heading');
    this.#remeasure();
    this.#path = path;
    if (this.#fitsTokens(piece.tokens, piece, this.#cfg.limit / 2)) this.#append(piece);
    else this.#place({ ...piece, role: 'body' });
  }

  /**
   * Places a run of blocks that belong together (one paragraph or code block, or consecutive
   * list items or table rows). A run that fits in a chunk is never divided: if it does not fit
   * in the current chunk, a new one starts. A run too large for any chunk fills chunks greedily.
   */
  addGroup(group: Piece[], isTable: boolean): void {
    const first = group[0];
    if (first === undefined) return;
    let total = first.tokens;
    for (let i = 1; i < group.length; i++) total += this.#join(group[i - 1], group[i]!) + group[i]!.tokens;
    if (total <= this.#cfg.limit && !this.#fitsTokens(total, first)) {
      if (this.#hasBody) this.#close(true);
      this.#dropOverlap(total, first);
    }
    if (this.#fitsTokens(total, first)) {
      for (const p of group) this.#append(p);
      return;
    }
    this.#place(first);
    // Rows continued in a later chunk are read under their column names, not bare values.
    this.#tableHeader = isTable && first.tokens <= this.#cfg.limit / 4 ? first : null;
    for (const p of group.slice(1)) this.#place(p);
    this.#tableHeader = null;
  }

  /** Emits what is left: pending content, or headings that never got a body. */
  finish(): void {
    if (this.#hasBody) this.#close(false);
    else if (this.#cur.some((p) => p.role === 'heading')) this.#flush();
    this.#cur = [];
    this.#curTokens = 0;
  }

  #place(p: Piece): void {
    if (this.#fits(p)) return this.#append(p);
    const count = this.#cfg.count;
    if (p.tokens > this.#cfg.limit) {
      // Larger than any chunk: its fragments fill the current chunk first.
      const parts = splitPiece(p, this.#cfg.limit, count);
      if (parts.length > 1) for (const part of parts) this.#place(part);
      else this.#cut(p);
      return;
    }
    if (this.#hasBody) this.#close(true);
    this.#dropOverlap(p.tokens, p);
    if (this.#fits(p)) return this.#append(p);
    // Only headings are ahead of it: split it at its coarsest boundary so they keep content.
    const parts = splitOnce(p, count);
    if (parts.length > 1) for (const part of parts) this.#place(part);
    else this.#cut(p);
  }

  /**
   * Last resort for a "word" with no boundary left (a base64 blob, a long URL): cut it at
   * grapheme boundaries, each cut filling the room left in the chunk.
   */
  #cut(p: Piece): void {
    const g = Array.from(GRAPHEMES.segment(p.text), (s) => s.segment);
    for (let start = 0; start < g.length;) {
      const piece: Piece = { ...p, glue: start === 0 ? p.glue : '', whole: false };
      const room = this.#cfg.limit - this.#curTokens - this.#join(this.#cur.at(-1), piece);
      let [end, tokens]: [number, number] =
        room >= 1 ? longestPrefix(g, start, room, this.#cfg.count) : [start, 0];
      if (end === start && this.#cur.length === 0) {
        [end, tokens] = [start + 1, this.#cfg.count(g[start]!)]; // one grapheme over the limit
      }
      if (end > start) {
        this.#append({ ...piece, text: g.slice(start, end).join(''), tokens });
        start = end;
      } else if (this.#hasBody) this.#close(true);
      else if (this.#cur[0]?.role === 'overlap') this.#dropOverlap(Infinity, piece);
      else this.#flush();
    }
  }

  #join(prev: Piece | undefined, next: Piece): number {
    if (prev === undefined) return 0;
    return this.#cfg.joinCost.get(prev.block === next.block ? next.glue : '\n') ?? 0;
  }

  #fitsTokens(tokens: number, first: Piece, limit = this.#cfg.limit): boolean {
    return this.#curTokens + this.#join(this.#cur.at(-1), first) + tokens <= limit;
  }

  #fits(p: Piece): boolean {
    return this.#fitsTokens(p.tokens, p);
  }

  #append(p: Piece): void {
    this.#curTokens += this.#join(this.#cur.at(-1), p) + p.tokens;
    this.#cur.push(p);
    if (p.role === 'body') this.#hasBody = true;
  }

  #remeasure(): void {
    const pieces = this.#cur;
    this.#cur = [];
    this.#curTokens = 0;
    this.#hasBody = false;
    for (const p of pieces) this.#append(p);
  }

  /** Shortens the overlap at the head of a chunk until `tokens` more fit, or none is left. */
  #dropOverlap(tokens: number, first: Piece): void {
    while (this.#cur[0]?.role === 'overlap' && !this.#fitsTokens(tokens, first)) {
      this.#cur.shift();
      this.#remeasure();
    }
  }

  /** Ends the current chunk; within a section the next one starts with its tail as overlap. */
  #close(withOverlap: boolean): void {
    const done = this.#cur;
    this.#flush();
    if (!withOverlap || this.#cfg.overlapTokens <= 0) return;
    const header = this.#tableHeader;
    const seed = header !== null ? [{ ...header, role: 'overlap' as const }] : this.#tail(done);
    for (const p of seed) this.#append(p);
  }

  /**
   * The last whole sentences (lines of code, rows of a table) of `pieces`, at most
   * `overlapTokens` in all, as overlap pieces. A sentence longer than the budget, or a chunk
   * ending mid-sentence, gives none: overlap never starts mid-sentence. Headings never count.
   */
  #tail(pieces: Piece[]): Piece[] {
    const budget = this.#cfg.overlapTokens;
    const out: Piece[] = [];
    let used = 0;
    for (let i = pieces.length - 1; i >= 0; i--) {
      const p = pieces[i]!;
      if (p.role === 'heading' || !p.whole) break;
      const { parts, glues } =
        p.kind === 'table-row' ? { parts: [p.text], glues: [''] } : LEVELS[0]!(p.text, p.kind);
      for (let j = parts.length - 1; j >= 0; j--) {
        const text = parts[j]!;
        const tokens = parts.length === 1 ? p.tokens : this.#cfg.count(text);
        const piece: Piece = { ...p, text, tokens, glue: j === 0 ? p.glue : glues[j]!, role: 'overlap' };
        const cost = tokens + (out[0] === undefined ? 0 : this.#join(piece, out[0]));
        if (used + cost > budget) return out;
        used += cost;
        out.unshift(piece);
      }
    }
    return out;
  }

  /** Emits the current pieces as a chunk (after verifying its count) and empties the chunk. */
  #flush(): void {
    const pieces = this.#cur;
    this.#cur = [];
    this.#curTokens = 0;
    this.#hasBody = false;
    if (pieces.length > 0) this.#emit(pieces);
  }

  #emit(pieces: Piece[]): void {
    let text = pieces[0]!.text;
    for (let i = 1; i < pieces.length; i++) {
      const p = pieces[i]!;
      text += (pieces[i - 1]!.block === p.block ? p.glue : '\n') + p.text;
    }
    const tokenCount = this.#cfg.count(text);
    // Proportionally tighter limit for a re-pack, should the counter not be additive over joins.
    const tighter = Math.min(
      this.#cfg.limit - 1,
      Math.floor((this.#cfg.limit * this.#cfg.maxTokens) / tokenCount),
    );
    if (tokenCount > this.#cfg.maxTokens && tighter >= 1) {
      const sub = new ChunkPacker({ ...this.#cfg, limit: tighter, overlapTokens: 0 });
      sub.#path = this.#path;
      for (const p of pieces) sub.#place(p);
      sub.finish();
      return;
    }
    const pages = pieces.map((p) => p.page).filter((n) => n !== null);
    this.#cfg.emit({
      text,
      tokenCount,
      pageStart: pages.length > 0 ? Math.min(...pages) : null,
      pageEnd: pages.length > 0 ? Math.max(...pages) : null,
      headingPath: [...this.#path],
    });
  }
}
