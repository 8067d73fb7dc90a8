/**
 * Structure-aware chunking: turns a parser's ordered blocks (src/ingestion/parsers/types.ts)
 * into token-bounded chunks for embedding and citation.
 *
 * - Headings open sections and feed a heading path (a stack by level). No overlap crosses a
 *   heading. A heading is never a chunk by itself: its text starts the next chunk that has
 *   content (so a heading whose section is empty travels on with the next one); only headings
 *   at the very end of the document become a chunk of their own. A "heading" longer than half
 *   a chunk (a misdetected paragraph) is packed like a paragraph.
 * - Blocks are packed whole and greedily up to `maxTokens`; consecutive list items and table
 *   rows stay in one chunk whenever they fit in one. Only a block too large for a chunk is split:
 *   at sentences (Unicode UAX #29 boundaries, common abbreviations kept; lines for code; cells
 *   for table rows), then words, never mid-word except for a single "word" longer than a chunk.
 *   This is the element-first strategy of Unstructured's `chunk_by_title`
 *   (https://docs.unstructured.io/open-source/core-functionality/chunking), with the recursive
 *   fallbacks of LangChain's RecursiveCharacterTextSplitter.
 * - Within a section each chunk starts with the last whole sentences of the previous one (at
 *   most `overlapTokens`), so a fact that straddles a break is retrievable from either side.
 *   A table continued in a new chunk repeats its first (header) row instead, when that row is
 *   at most a quarter of `maxTokens`: rows read under their column names.
 *
 * Sizes are measured with the embedding model's own tokenizer, never estimated from characters.
 * Each block (or sentence of a split block) is counted once and totals are summed with a
 * calibrated cost per separator, then every finished chunk is counted once on its final text;
 * a chunk found over the limit is re-packed tighter. Cost: about two tokenizer passes over
 * the document, linear in its length.
 */
import type { ParsedDocument } from './parsers/types.ts';
import type { Chunk, ChunkingOptions, ChunkLocation } from './chunking/chunk.ts';

export type { Chunk, ChunkingOptions, ChunkLocation } from './chunking/chunk.ts';
import { ChunkPacker } from './chunking/packer.ts';
import type { Piece } from './chunking/piece.ts';

/** Counts the embedding model's tokens in `text`, excluding special tokens ([CLS], [SEP], …). */
export interface TokenCounter {
  count(text: string): number;
}

/** The location of a chunk made from `blocks` (indices into `doc.blocks`). */
export function locateChunk(doc: ParsedDocument, blocks: readonly number[]): ChunkLocation {
  const of = blocks.map((i) => doc.blocks[i]!).filter(Boolean);
  const rows = of.map((b) => b.row).filter((r): r is number => typeof r === 'number');
  return {
    sheet: of.find((b) => b.sheet !== undefined)?.sheet ?? null,
    rowStart: rows.length > 0 ? Math.min(...rows) : null,
    rowEnd: rows.length > 0 ? Math.max(...rows) : null,
    slide: of.find((b) => b.slide !== undefined)?.slide ?? null,
  };
}

/**
 * Defaults for a MiniLM/bge/gte-class embedder (512-token window): 256-token chunks with
 * 32 tokens (12.5%) of overlap.
 *
 * - Size: in Chroma's "Evaluating Chunking Strategies for Retrieval" (Smith & Troynikov, 2024,
 *   https://research.trychroma.com/evaluating-chunking) the best-scoring configurations used
 *   200–400-token chunks, and DPR's dense retriever was trained on ~100-word passages
 *   (Karpukhin et al., 2020, https://arxiv.org/abs/2004.04906). 256 tokens plus the heading prefix of `chunkTextForEmbedding`
 *   (≲ 60 tokens) and [CLS]/[SEP] stay well inside gte-small's and bge-small's 512 positions,
 *   so nothing is truncated. all-MiniLM-L6-v2 truncates at 256 word pieces (its model card):
 *   use about 200 for that model.
 * - Overlap: Azure AI Search's chunking guidance recommends starting with ~10% overlap, e.g.
 *   25 tokens for 256-token chunks, and finds 10–15% works in many scenarios
 *   (https://learn.microsoft.com/azure/search/vector-search-how-to-chunk-documents). Our overlap
 *   is whole sentences only, so the budget is a ceiling, not a fixed copy length.
 */
export const DEFAULT_CHUNKING: ChunkingOptions = Object.freeze({ maxTokens: 256, overlapTokens: 32 });

/** Separators used to join pieces; their token cost is measured once per document. */
const SEPARATORS = ['\n', ' ', ''];

/**
 * Cuts a parsed document into chunks of at most `options.maxTokens` tokens (module docstring
 * describes the rules). Every character of non-empty block text appears in some chunk, in
 * document order; chunks after the first of a section may repeat up to `overlapTokens` of the
 * previous chunk. An empty document gives []. Throws RangeError on invalid options.
 */
export function chunkDocument(
  doc: ParsedDocument,
  tokenizer: TokenCounter,
  options: ChunkingOptions = DEFAULT_CHUNKING,
): Chunk[] {
  const out: Chunk[] = [];
  for (const _ of chunkSteps(doc, tokenizer, options, out));
  return out;
}

/**
 * `chunkDocument` that gives the event loop back every `sliceMs` of work (setImmediate), for
 * the server process: a long document takes seconds of tokenizer time, during which the API
 * it shares the thread with would answer nothing. Same chunks as `chunkDocument`, unless `stop`
 * ends it early: once `stop.signal` is aborted, or once more than `stop.maxChunks` chunks are made
 * (the result then holds maxChunks + 1 of them, enough to tell the budget was exceeded).
 */
export async function chunkDocumentAsync(
  doc: ParsedDocument,
  tokenizer: TokenCounter,
  options: ChunkingOptions = DEFAULT_CHUNKING,
  sliceMs = 10,
  stop: { signal?: AbortSignal; maxChunks?: number } = {},
): Promise<Chunk[]> {
  const out: Chunk[] = [];
  let sliceStart = performance.now();
  for (const _ of chunkSteps(doc, tokenizer, options, out)) {
    // Stopped early: the caller sees its signal aborted, or more than maxChunks chunks.
    if (stop.signal?.aborted || (stop.maxChunks !== undefined && out.length > stop.maxChunks)) break;
    if (performance.now() - sliceStart < sliceMs) continue;
    await new Promise<void>((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  }
  return out;
}

/** The chunking loop, pushing chunks to `out`; yields after each block so callers can pause. */
function* chunkSteps(
  doc: ParsedDocument,
  tokenizer: TokenCounter,
  options: ChunkingOptions,
  out: Chunk[],
): Generator<void> {
  const { maxTokens, overlapTokens } = options;
  if (!Number.isInteger(maxTokens) || maxTokens < 16) {
    throw new RangeError(`maxTokens must be an integer ≥ 16, got ${maxTokens}`);
  }
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0 || overlapTokens > maxTokens / 2) {
    throw new RangeError(`overlapTokens must be an integer in 0..maxTokens/2, got ${overlapTokens}`);
  }
  const count = (text: string) => tokenizer.count(text);
  const probe = count('word');
  const joinCost = new Map(SEPARATORS.map((s) => [s, Math.max(0, count(`word${s}word`) - 2 * probe)]));
  const packer = new ChunkPacker({
    count,
    joinCost,
    limit: maxTokens,
    maxTokens,
    overlapTokens,
    emit: (chunk, blocks) => out.push({ index: out.length, ...chunk, ...locateChunk(doc, blocks) }),
  });

  const headings: { level: number; text: string }[] = [];
  let group: Piece[] = [];
  const flush = () => {
    if (group.length > 0) packer.addGroup(group, group[0]!.kind === 'table-row');
    group = [];
  };
  for (const [i, block] of doc.blocks.entries()) {
    const text = block.text.trim();
    if (text === '') continue;
    const isHeading = block.kind === 'heading';
    const piece: Piece = {
      text,
      tokens: count(text),
      page: block.page ?? null,
      block: i,
      glue: '\n',
      kind: block.kind,
      role: isHeading ? 'heading' : 'body',
      whole: true,
    };
    if (isHeading) {
      flush();
      const level = Math.min(6, Math.max(1, Math.trunc(block.level ?? 1)));
      while ((headings.at(-1)?.level ?? 0) >= level) headings.pop();
      headings.push({ level, text });
      packer.heading(
        piece,
        headings.map((h) => h.text),
      );
      yield;
      continue;
    }
    const runs = block.kind === 'table-row' || block.kind === 'list-item';
    if (!runs || group[0]?.kind !== block.kind) flush();
    group.push(piece);
    if (!runs) flush();
    yield;
  }
  flush();
  packer.finish();
}

/** Longest heading-path element and whole prefix kept in the embedded text, in characters. */
const PREFIX_PART_CHARS = 80;
const PREFIX_CHARS = 240;

/**
 * The text to embed for a chunk: "Title > H1 > H2\n" + chunk text. Prepending where a chunk
 * sits in its document lets the embedding tell apart passages that read alike out of context
 * (Anthropic, "Introducing Contextual Retrieval", 2024: contextualised chunk embeddings cut
 * failed retrievals by 35%, https://www.anthropic.com/news/contextual-retrieval; LlamaIndex
 * injects document metadata into the embedded text by default,
 * https://developers.llamaindex.ai/python/framework/module_guides/loading/documents_and_nodes/usage_documents).
 * Here the context is the document's own title and headings, needing no LLM call.
 *
 * The title is skipped when it repeats the first heading. Each element is cut to 80 characters
 * and the prefix to about 240 (≈ 60 tokens) by eliding middle headings with "…", so a chunk of
 * `DEFAULT_CHUNKING.maxTokens` still fits a 512-token model. Store `chunk.text` for display and
 * citation; use this only as embedding input.
 */
export function chunkTextForEmbedding(chunk: Chunk, documentTitle: string | null): string {
  const clip = (s: string) => {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length > PREFIX_PART_CHARS ? `${t.slice(0, PREFIX_PART_CHARS - 1).trimEnd()}…` : t;
  };
  const parts: string[] = [];
  for (const raw of [documentTitle ?? '', ...chunk.headingPath]) {
    const part = clip(raw);
    if (part !== '' && part.toLowerCase() !== parts.at(-1)?.toLowerCase()) parts.push(part);
  }
  // Keep the outermost element and as many innermost ones as fit; elide the middle.
  let dropped = 0;
  const shown = () => (dropped === 0 ? parts : [parts[0]!, '…', ...parts.slice(1 + dropped)]);
  while (parts.length - dropped > 2 && shown().join(' > ').length > PREFIX_CHARS) dropped++;
  const prefix = shown().join(' > ');
  return prefix !== '' ? `${prefix}\n${chunk.text}` : chunk.text;
}
