/**
 * Indexes a BEIR corpus through the application's own pipeline: each document becomes a Markdown
 * upload (`title + "\n\n" + text`, named after its title) handed to `uploadDocument`, then
 * `ingestDocument` sniffs, parses, chunks, embeds and indexes it exactly as the worker does.
 */
import { ingestDepsOf, type AppContext } from '../../src/context.ts';
import type { Embedder } from '../../src/embeddings/embedder.ts';
import type { ChunkingOptions } from '../../src/ingestion/chunker.ts';
import { uploadDocument } from '../../src/documents/documents.service.ts';
import { ingestDocument } from '../../src/ingestion/ingest.ts';
import { maintainIndexes } from '../../src/ingestion/reindex.ts';
import { INGEST_QUEUE } from '../../src/ingestion/queue.ts';
import { AppError } from '../../src/lib/errors.ts';
import type { BeirDocument } from './beir.ts';

export interface IndexStats {
  /** BEIR `_id` → our document id, for the documents that ended VECTORIZED. */
  documentIds: Map<string, string>;
  /** Documents that ended ERROR (or were refused at upload), with the reason. */
  failed: { id: string; reason: string }[];
  chunks: number;
  /** Wall seconds from the first upload to the last document indexed. */
  seconds: number;
  /** Wall seconds during which at least one embedding call was running. */
  embedSeconds: number;
  /** Of `seconds`: the post-burst maintenance (VACUUM/ANALYZE) the worker runs on PGlite. */
  maintenanceSeconds: number;
}

/** Wraps an embedder to measure the wall time its `embedDocuments` calls keep it busy. */
function timed(inner: Embedder): { embedder: Embedder; busyMs: () => number } {
  let active = 0;
  let since = 0;
  let busy = 0;
  const embedder: Embedder = {
    modelId: inner.modelId,
    dimensions: inner.dimensions,
    maxTokens: inner.maxTokens,
    count: (text) => inner.count(text),
    embedQuery: (text) => inner.embedQuery(text),
    async embedDocuments(texts) {
      if (active++ === 0) since = performance.now();
      try {
        return await inner.embedDocuments(texts);
      } finally {
        if (--active === 0) busy += performance.now() - since;
      }
    },
  };
  return { embedder, busyMs: () => busy };
}

/**
 * Uploads and ingests every document, `concurrency` at a time (the single-connection PGlite work
 * of one document overlaps the model work of another). Progress goes to stderr.
 */
export async function indexCorpus(
  ctx: AppContext,
  owner: { companyId: string; userId: string },
  corpus: AsyncIterable<BeirDocument>,
  options: { chunking: ChunkingOptions; concurrency: number },
): Promise<IndexStats> {
  const { embedder, busyMs } = timed(ctx.embedder);
  const deps = { ...ingestDepsOf(ctx), embedder, chunking: options.chunking };
  const stats: IndexStats = {
    documentIds: new Map(),
    failed: [],
    chunks: 0,
    seconds: 0,
    embedSeconds: 0,
    maintenanceSeconds: 0,
  };
  // pg-boss caches queue metadata at start, before startQueue creates the ingestion queue; the
  // first upload's send (inside the upload transaction) would then read it through the pool —
  // whose single PGlite connection the transaction holds: deadlock. Any call outside a
  // transaction fills the cache; with no worker there is no job to fetch.
  await ctx.boss.fetch(INGEST_QUEUE);
  const started = performance.now();
  const iterator = corpus[Symbol.asyncIterator]();
  let done = 0;

  async function indexOne(doc: BeirDocument): Promise<void> {
    const view = await uploadDocument(ctx, {
      scope: { kind: 'company', companyId: owner.companyId },
      userId: owner.userId,
      filename: `${doc.id}.md`,
      bytes: new TextEncoder().encode(doc.title ? `${doc.title}\n\n${doc.text}` : doc.text),
      name: doc.title || doc.id,
    });
    const outcome = await ingestDocument(deps, view.id);
    const row = await ctx.db
      .selectFrom('documents')
      .select(['chunk_count', 'error'])
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    if (outcome === 'vectorized') {
      stats.documentIds.set(doc.id, view.id);
      stats.chunks += row.chunk_count ?? 0;
    } else stats.failed.push({ id: doc.id, reason: row.error ?? outcome });
  }

  async function worker(): Promise<void> {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      try {
        await indexOne(next.value);
      } catch (err) {
        // A 4xx from the upload (empty, unsupported) is the pipeline refusing the document.
        if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        stats.failed.push({ id: next.value.id, reason: err.message });
      }
      if (++done % 500 === 0) {
        const s = (performance.now() - started) / 1000;
        process.stderr.write(`indexed ${done} documents, ${stats.chunks} chunks in ${s.toFixed(0)} s\n`);
      }
    }
  }

  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  // PGlite has no autovacuum: after a burst the worker refreshes planner statistics and the
  // visibility map (src/ingestion/worker.ts), without which the planner ignores the HNSW index.
  const maintenanceStarted = performance.now();
  if (ctx.database.kind === 'pglite') await maintainIndexes(ctx.db);
  stats.maintenanceSeconds = (performance.now() - maintenanceStarted) / 1000;
  stats.seconds = (performance.now() - started) / 1000;
  stats.embedSeconds = busyMs() / 1000;
  return stats;
}
