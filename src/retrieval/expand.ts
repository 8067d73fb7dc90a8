/**
 * Neighbouring-chunk expansion for the answer context: a retrieved chunk is shown to the LLM with
 * the text of the chunks just before and after it in the same document, so a passage cut at a
 * chunk boundary arrives whole ("small-to-big" retrieval: match on small chunks, read a larger
 * window — LlamaIndex's SentenceWindowNodeParser / auto-merging retriever follow the same idea,
 * https://docs.llamaindex.ai/en/stable/examples/node_postprocessor/MetadataReplacementDemo/).
 * Citations still point at the retrieved chunk; only the prompt text grows.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { RetrievedChunk } from './types.ts';

/** A retrieved chunk with the text the LLM should read in its place. */
export interface ExpandedChunk extends RetrievedChunk {
  /** Previous neighbours, the chunk, next neighbours, in document order; overlaps removed. */
  contextText: string;
  /** Ids of the neighbour chunks whose text was added, in document order. */
  neighbourIds: string[];
}

/** Shortest repeated run taken for chunk overlap, in characters (shorter is coincidence). */
const MIN_OVERLAP_CHARS = 16;

/**
 * Joins two consecutive chunk texts, dropping the start of `next` that repeats the end of
 * `previous` (the chunker's sentence overlap). The repeated run must start at a word boundary
 * of `previous`, end at one of `next`, and be at least 16 characters; else nothing is dropped.
 * The two parts are joined with a newline.
 */
export function joinWithoutOverlap(previous: string, next: string): string {
  const from = Math.max(1, previous.length - next.length);
  for (let i = from; i <= previous.length - MIN_OVERLAP_CHARS; i++) {
    if (!/\s/.test(previous[i - 1]!)) continue;
    const tail = previous.slice(i);
    if (next.startsWith(tail) && (next.length === tail.length || /\s/.test(next[tail.length]!))) {
      const rest = next.slice(tail.length).trimStart();
      return rest === '' ? previous : `${previous}\n${rest}`;
    }
  }
  if (next.startsWith(previous)) return next;
  return `${previous}\n${next}`;
}

/**
 * Adds up to `window` chunks before and after each retrieved chunk (same document, by chunk
 * index) to its `contextText`. A neighbour that is itself among `chunks`, or already added to
 * an earlier (better-ranked) chunk, is not repeated, so the LLM reads each passage once.
 * Only the company's chunks are read. Order and all other fields of `chunks` are kept.
 * @param window neighbours on each side, ≥ 0 (0 → contextText = text).
 */
export async function expandWithNeighbours(
  db: Kysely<DB>,
  companyId: string,
  chunks: readonly RetrievedChunk[],
  window = 1,
): Promise<ExpandedChunk[]> {
  if (chunks.length === 0) return [];
  const own = await db
    .selectFrom('chunks')
    .select(['id', 'document_id', 'chunk_index'])
    .where('company_id', '=', companyId)
    .where(
      'id',
      'in',
      chunks.map((c) => c.chunkId),
    )
    .execute();
  const position = new Map(own.map((r) => [r.id, r]));
  const wanted = new Set<string>();
  const key = (documentId: string, index: number) => `${documentId}#${index}`;
  for (const r of own) {
    for (let d = -window; d <= window; d++) if (d !== 0) wanted.add(key(r.document_id, r.chunk_index + d));
  }
  const neighbours =
    window > 0 && own.length > 0
      ? await db
          .selectFrom('chunks')
          .select(['id', 'document_id', 'chunk_index', 'text'])
          .where('company_id', '=', companyId)
          .where('document_id', 'in', [...new Set(own.map((r) => r.document_id))])
          .where('chunk_index', 'in', [
            ...new Set([...wanted].map((k) => Number(k.slice(k.lastIndexOf('#') + 1)))),
          ])
          .execute()
      : [];
  const byPosition = new Map(neighbours.map((n) => [key(n.document_id, n.chunk_index), n]));
  const used = new Set(chunks.map((c) => c.chunkId));

  return chunks.map((chunk) => {
    const at = position.get(chunk.chunkId);
    if (!at) return { ...chunk, contextText: chunk.text, neighbourIds: [] };
    const take = (index: number) => {
      const n = byPosition.get(key(at.document_id, index));
      if (!n || used.has(n.id)) return null;
      used.add(n.id);
      return n;
    };
    // Nearest neighbours first, so a closer passage wins when two retrieved chunks compete.
    const before: { id: string; text: string }[] = [];
    const after: { id: string; text: string }[] = [];
    for (let d = 1; d <= window; d++) {
      const previous = take(at.chunk_index - d);
      if (!previous) break;
      before.unshift(previous);
    }
    for (let d = 1; d <= window; d++) {
      const next = take(at.chunk_index + d);
      if (!next) break;
      after.push(next);
    }
    const parts = [...before, { id: chunk.chunkId, text: chunk.text }, ...after];
    return {
      ...chunk,
      contextText: parts.map((p) => p.text).reduce(joinWithoutOverlap),
      neighbourIds: parts.filter((p) => p.id !== chunk.chunkId).map((p) => p.id),
    };
  });
}
