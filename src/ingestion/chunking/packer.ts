/**
 * The greedy packer behind `chunkDocument` (../chunker.ts): fills token-bounded chunks with
 * whole blocks, text-splitting (./text-splitter.ts) only what cannot fit, and starts each
 * continuation of a section with overlap (./overlap.ts).
 */
import type { Chunk, ChunkLocation } from './chunk.ts';
import { joinPieces, separator, type Count, type Piece } from './piece.ts';
import { overlapSeed } from './overlap.ts';
import { graphemes, longestPrefix, splitOnce, splitPiece } from './text-splitter.ts';

/** Settings of one packer, in tokens; `limit` is the packing target, `maxTokens` the verified bound. */
export interface PackerConfig {
  count: Count;
  /** Estimated tokens added by each separator when two pieces are joined. */
  joinCost: ReadonlyMap<string, number>;
  limit: number;
  maxTokens: number;
  overlapTokens: number;
  /** Receives each finished chunk and the indices of the blocks its own (non-overlap) text came from. */
  emit: (chunk: Omit<Chunk, 'index' | keyof ChunkLocation>, blocks: number[]) => void;
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
    this.#refill(this.#cur.filter((p) => p.role === 'heading'));
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
    this.#refill([]);
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
    const g = graphemes(p.text);
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

  /** Estimated tokens of the separator placed between `prev` and `next`; 0 at a chunk's start. */
  #join = (prev: Piece | undefined, next: Piece): number =>
    prev === undefined ? 0 : (this.#cfg.joinCost.get(separator(prev, next)) ?? 0);

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

  /** Makes `pieces` the current chunk, its token total and body flag measured afresh. */
  #refill(pieces: Piece[]): void {
    this.#cur = [];
    this.#curTokens = 0;
    this.#hasBody = false;
    for (const p of pieces) this.#append(p);
  }

  /** Shortens the overlap at the head of a chunk until `tokens` more fit, or none is left. */
  #dropOverlap(tokens: number, first: Piece): void {
    while (this.#cur[0]?.role === 'overlap' && !this.#fitsTokens(tokens, first)) {
      this.#refill(this.#cur.slice(1));
    }
  }

  /** Ends the current chunk; within a section the next one starts with its tail as overlap. */
  #close(withOverlap: boolean): void {
    const done = this.#cur;
    this.#flush();
    if (!withOverlap || this.#cfg.overlapTokens <= 0) return;
    const costs = { count: this.#cfg.count, join: this.#join };
    for (const p of overlapSeed(done, this.#tableHeader, this.#cfg.overlapTokens, costs)) this.#append(p);
  }

  /** Emits the current pieces as a chunk (after verifying its count) and empties the chunk. */
  #flush(): void {
    const pieces = this.#cur;
    this.#refill([]);
    if (pieces.length > 0) this.#emit(pieces);
  }

  #emit(pieces: Piece[]): void {
    const text = joinPieces(pieces);
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
    const own = pieces.filter((p) => p.role !== 'overlap');
    this.#cfg.emit(
      {
        text,
        tokenCount,
        pageStart: pages.length > 0 ? Math.min(...pages) : null,
        pageEnd: pages.length > 0 ? Math.max(...pages) : null,
        headingPath: [...this.#path],
      },
      [...new Set((own.length > 0 ? own : pieces).map((p) => p.block))],
    );
  }
}
