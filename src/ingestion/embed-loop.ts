/**
 * Embedding and writing a document's chunks, EMBED_GROUP at a time (src/ingestion/ingest.ts). With
 * pgvector (or no vectors) each group is written as soon as it is embedded, so an attempt can stop
 * between two groups and go on later from the chunks already written (src/ingestion/slices.ts);
 * with Qdrant every point is written first in one call, so that path embeds the whole document in
 * one slice.
 */
import type { Selectable } from 'kysely';
import type { DocumentsTable } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { analyzeChunk, lexicalText, type AnalyzedChunk } from '../retrieval/lexical/bm25.ts';
import type { LexicalLanguage } from '../retrieval/lexical/analyzer.ts';
import { companyAvgdl } from '../retrieval/vector-store/sparse.ts';
import { chunkTextForEmbedding, type Chunk } from './chunker.ts';
import { writeChunks, yieldToLoop, type Ownership } from './chunk-writer.ts';
import type { IngestDeps } from './ingest-deps.ts';

/**
 * Chunks per embedding call and write: its tokenization runs on the event loop, so it stays short,
 * and a delete or a hand-over waits for at most one group, so it is one embedder batch
 * (DEFAULT_EMBEDDER_OPTIONS.batchSize, 16): on a loaded 2-core machine a 64-chunk group held a
 * deleted document's slot for 8 s.
 */
export const EMBED_GROUP = 16;

/** How the loop ended: every chunk written (`owned`), lost the document, cancelled, or handed over. */
export type LoopEnd = Ownership | 'cancelled' | 'yielded';

export interface LoopInput {
  doc: Selectable<DocumentsTable>;
  attempt: number;
  chunks: Chunk[];
  title: string;
  /** The company's language (BM25 analyzer). */
  language: LexicalLanguage;
  /** Aborted when the document is deleted or superseded (ingest.ts `watchForCancel`). */
  signal: AbortSignal;
  /** The first chunk not yet written (a continuation starts after its earlier slices' chunks). */
  from: number;
  /** performance.now() when this slice began. */
  sliceStarted: number;
  /** Whether this slice may hand over before its first group (its parse was work enough). */
  parsedInThisSlice: boolean;
}

/** BM25 postings of `chunks`, analyzed a slice of the event loop (10 ms) at a time. */
async function analyze(chunks: Chunk[], title: string, language: LexicalLanguage): Promise<AnalyzedChunk[]> {
  const lexical: AnalyzedChunk[] = [];
  let sliceStart = performance.now();
  for (const c of chunks) {
    lexical.push(analyzeChunk(newId('chk'), lexicalText(title, c.headingPath, c.text), language));
    if (performance.now() - sliceStart < 10) continue;
    await yieldToLoop();
    sliceStart = performance.now();
  }
  return lexical;
}

/**
 * Embeds and writes `input.chunks` from `input.from` on. Between two groups it stops when the
 * document is cancelled, and hands over (`yielded`) when the slice has run `slicing.sliceMs` and
 * another company's document waits — never before its first group unless it parsed in this slice,
 * so every slice makes progress.
 * @throws database and model errors (the job is retried; the next attempt starts afresh).
 */
export async function embedAndWrite(deps: IngestDeps, input: LoopInput): Promise<LoopEnd> {
  const { doc, chunks, title, signal } = input;
  const store = deps.vectorStore?.kind === 'qdrant' ? deps.vectorStore : null;
  if (store) return embedAllForQdrant(deps, input);
  const { slicing } = deps;
  for (let i = input.from; i < chunks.length; i += EMBED_GROUP) {
    if (signal.aborted) return 'cancelled';
    const mayHandOver = i > input.from || input.parsedInThisSlice;
    if (
      slicing &&
      mayHandOver &&
      performance.now() - input.sliceStarted >= slicing.sliceMs &&
      (await slicing.othersWaiting(doc.company_id))
    )
      return 'yielded';
    const group = chunks.slice(i, i + EMBED_GROUP);
    const vectors = await deps.embedder.embedDocuments(group.map((c) => chunkTextForEmbedding(c, title)));
    if (signal.aborted) return 'cancelled';
    const written = await writeChunks(deps.db, {
      companyId: doc.company_id,
      documentId: doc.id,
      attempt: input.attempt,
      chunks: group,
      lexical: await analyze(group, title, input.language),
      vectors: deps.vectorEnabled ? vectors : null,
    });
    if (written !== 'owned') return written;
  }
  return 'owned';
}

/** Qdrant: every vector first, the points in one call, then the rows (a retry replaces both). */
async function embedAllForQdrant(deps: IngestDeps, input: LoopInput): Promise<LoopEnd> {
  const { doc, chunks, title, signal } = input;
  const store = deps.vectorStore!;
  const vectors: number[][] = [];
  for (let i = 0; i < chunks.length; i += EMBED_GROUP) {
    if (signal.aborted) return 'cancelled';
    const group = chunks.slice(i, i + EMBED_GROUP).map((c) => chunkTextForEmbedding(c, title));
    vectors.push(...(await deps.embedder.embedDocuments(group)));
    await yieldToLoop();
  }
  if (signal.aborted) return 'cancelled';
  const lexical = await analyze(chunks, title, input.language);
  // Points first: the document is VECTORIZED only once they are searchable. The relational copy
  // of each vector is kept too: re-sync rebuilds the collection without running the model again.
  await store.writeDocument({
    companyId: doc.company_id,
    documentId: doc.id,
    avgdl: await companyAvgdl(
      deps.db,
      doc.company_id,
      lexical.map((l) => l.length),
      doc.id,
    ),
    points: lexical.map((l, i) => ({
      chunkId: l.id,
      vector: vectors[i]!,
      termFrequencies: l.termFrequencies,
      length: l.length,
    })),
  });
  return writeChunks(deps.db, {
    companyId: doc.company_id,
    documentId: doc.id,
    attempt: input.attempt,
    chunks,
    lexical,
    vectors,
  });
}
