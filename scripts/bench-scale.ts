/**
 * `npm run bench:scale -- --chunks 100000 --store pglite|postgres|qdrant`: hybrid, dense and lexical
 * query latency (p50/p95, ms, query embedding included) and index build time on a synthetic
 * corpus of that size (scripts/bench/synthetic-corpus.ts says how it is made), in one company —
 * the worst case for a per-company search. The HNSW index is dropped before the bulk load and
 * built after it, timed, as an operator would on a large import. PostgreSQL: DATABASE_URL (or
 * TEST_DATABASE_URL, default the local `test` database) in a throw-away schema. Qdrant: a real
 * server at QDRANT_URL (the relational rows stay on PGlite, as with VECTORIZED documents); its
 * "index build" is the time to write the points and for the collection to turn green.
 * `--keep NAME` keeps the corpus — a PGlite directory, or a PostgreSQL schema — and a later run
 * with the same NAME measures the queries on it again without rebuilding (load and build times
 * are then those of the building run, not repeated).
 */
// The server's V8 settings, so the stack measured in this process runs as it does in the server.
import '../src/runtime-flags.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '../src/config/index.ts';
import { DEFAULT_DATABASE_TIMEOUTS, openDatabase } from '../src/db/index.ts';
import { loadTransformersEmbedder } from '../src/embeddings/transformers.embedder.ts';
import { toPgVector } from '../src/embeddings/embedder.ts';
import { withQueryCache } from '../src/embeddings/query-cache.ts';
import { newId } from '../src/lib/ids.ts';
import { analyzeChunk, insertPostings } from '../src/retrieval/lexical/bm25.ts';
import { maintainIndexes } from '../src/ingestion/reindex.ts';
import { retrieve, type RetrievalMode } from '../src/retrieval/retriever.ts';
import { createVectorStore } from '../src/retrieval/vector-store/index.ts';
import { readQueries } from './bench/beir.ts';
import { percentile } from './bench/run-queries.ts';
import { buildSeeds, syntheticChunk } from './bench/synthetic-corpus.ts';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '100000' },
    store: { type: 'string', default: 'pglite' },
    seeds: { type: 'string', default: '2000' },
    queries: { type: 'string', default: '50' },
    keep: { type: 'string' },
    'postings-per-term': { type: 'string' },
  },
});
// BM25's per-term budget (src/retrieval/lexical/bm25-search.ts); `all`: the exact sum.
const postingsPerTerm =
  values['postings-per-term'] === undefined
    ? undefined
    : values['postings-per-term'] === 'all'
      ? Infinity
      : Number(values['postings-per-term']);
const keep = values.keep;
const total = Number(values.chunks);
const store = values.store!;
if (!['pglite', 'postgres', 'qdrant'].includes(store)) {
  throw new Error(`--store pglite|postgres|qdrant (got ${store})`);
}
const config = loadConfig(store === 'qdrant' ? { ...process.env, VECTOR_STORE: 'qdrant' } : process.env);
if (store === 'qdrant' && !config.qdrant)
  throw new Error('--store qdrant needs QDRANT_URL (a real Qdrant server)');
const beir = resolve('../shared/datasets/beir/scifact');
const embedder = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, config.embed);
const seedCount = Math.min(Number(values.seeds), total);

const dataDir =
  store !== 'postgres' ? (keep ? resolve(keep) : mkdtempSync(join(tmpdir(), 'bench-scale-'))) : null;
const schema = store === 'postgres' ? (keep ?? `bench_scale_${Date.now()}`) : undefined;
const databaseUrl =
  store === 'postgres'
    ? (config.databaseUrl ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
    : null;
// No statement timeout: building HNSW over 100k chunks takes minutes (the service's 30 s limit is for requests).
const database = await openDatabase({
  databaseUrl,
  pgliteDataDir: dataDir ?? 'memory://',
  schema,
  timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 0, queryMs: 0 },
});
const { db } = database;
if (!database.vectorEnabled) throw new Error('this store has no pgvector: dense search cannot be measured');

const kept = keep
  ? await db.selectFrom('companies').select('id').where('name', '=', 'Scale bench').executeTakeFirst()
  : undefined;
if (kept) console.log(`reusing the corpus kept in ${keep} (no load, no index build)`);
const companyId = kept?.id ?? newId('comp');
let loadSeconds = 0;
let hnswSeconds = 0;
const vectorStore = await createVectorStore(config, db, true, embedder.dimensions);
if (!kept) await buildCorpus();

/** Seeds, bulk load, then the HNSW index (or the Qdrant points), timed. */
async function buildCorpus(): Promise<void> {
  const { seeds, embedSeconds } = await buildSeeds(beir, embedder, seedCount);
  console.log(`${seeds.length} seed passages embedded in ${embedSeconds.toFixed(1)} s`);
  await db.insertInto('companies').values({ id: companyId, name: 'Scale bench', settings: '{}' }).execute();
  await sql`drop index if exists chunks_embedding_idx`.execute(db);

  const PER_DOCUMENT = 100;
  const BATCH = 500;
  const loadStarted = performance.now();
  for (let start = 0; start < total; start += BATCH) {
    const end = Math.min(total, start + BATCH);
    await db.transaction().execute(async (trx) => {
      for (let d = Math.ceil(start / PER_DOCUMENT); d * PER_DOCUMENT < end; d++) {
        await trx
          .insertInto('documents')
          .values({
            id: `doc_scale_${d}`,
            company_id: companyId,
            name: `synthetic-${d}.md`,
            format: 'md',
            mime_type: 'text/markdown',
            size_bytes: 0,
            sha256: '',
            storage_key: '',
            status: 'VECTORIZED',
            metadata: '{}',
          })
          .execute();
      }
      const rows = [];
      const lexical = [];
      for (let i = start; i < end; i++) {
        const chunk = syntheticChunk(seeds, i);
        const analyzed = analyzeChunk(`chk_scale_${i}`, chunk.text, 'en');
        lexical.push(analyzed);
        rows.push({
          id: analyzed.id,
          company_id: companyId,
          document_id: `doc_scale_${Math.floor(i / PER_DOCUMENT)}`,
          chunk_index: i % PER_DOCUMENT,
          text: chunk.text,
          token_count: 0,
          heading_path: '[]',
          lexical_length: analyzed.length,
          embedding: toPgVector(chunk.vector),
        });
      }
      await trx.insertInto('chunks').values(rows).execute();
      await insertPostings(trx, companyId, lexical);
    });
    if (end % 20_000 === 0 || end === total) {
      process.stderr.write(
        `loaded ${end} chunks in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s\n`,
      );
    }
  }
  loadSeconds = (performance.now() - loadStarted) / 1000;
  const indexStarted = performance.now();
  if (store === 'qdrant') await writeQdrantPoints(total);
  else
    await sql`create index chunks_embedding_idx on chunks using hnsw (embedding vector_cosine_ops)`.execute(
      db,
    );
  hnswSeconds = (performance.now() - indexStarted) / 1000;
  await maintainIndexes(db);

  /** Every chunk as a Qdrant point, one document (PER_DOCUMENT chunks) per write. */
  async function writeQdrantPoints(count: number): Promise<void> {
    // Variants keep their seed's word count: the seeds' mean analyzed length is the corpus's.
    const avgdl =
      seeds.reduce((sum, seed) => sum + analyzeChunk('', seed.text, 'en').length, 0) / seeds.length;
    for (let d = 0; d * PER_DOCUMENT < count; d++) {
      const points = [];
      for (let i = d * PER_DOCUMENT; i < Math.min(count, (d + 1) * PER_DOCUMENT); i++) {
        const chunk = syntheticChunk(seeds, i);
        const analyzed = analyzeChunk(`chk_scale_${i}`, chunk.text, 'en');
        points.push({
          chunkId: analyzed.id,
          vector: chunk.vector,
          termFrequencies: analyzed.termFrequencies,
          length: analyzed.length,
        });
      }
      await vectorStore.writeDocument(
        { companyId, documentId: `doc_scale_${d}`, points, avgdl },
        { replace: false },
      );
    }
  }
}

const queries = [...readQueries(beir).values()].slice(0, Number(values.queries)).map((q) => q.text);
const deps = { db, embedder, vectorEnabled: true, vectorStore };
// The same queries again with their vectors in the service's query cache: what the store and
// the fusion cost without the model (which, on a shared machine, is most of the wait).
const cachedDeps = { ...deps, embedder: withQueryCache(embedder, queries.length) };
for (const q of queries) await cachedDeps.embedder.embedQuery(q);
const results: Record<string, { p50: number; p95: number }> = {};
const runs: [string, RetrievalMode, typeof deps, number | undefined][] = [
  ['hybrid', 'hybrid', deps, postingsPerTerm],
  ['dense', 'dense', deps, postingsPerTerm],
  ['lexical', 'lexical', deps, postingsPerTerm],
  ['lexicalExact', 'lexical', deps, Infinity],
  ['hybridCachedVector', 'hybrid', cachedDeps, postingsPerTerm],
  ['denseCachedVector', 'dense', cachedDeps, postingsPerTerm],
];
const access = { kind: 'company' as const, companyId };
const top10 = new Map<string, { id: string; score: number }[][]>();
for (const [label, mode, d, budget] of runs) {
  const options = { mode, postingsPerTerm: budget };
  for (const q of queries.slice(0, 5)) await retrieve(d, { companyId, access, query: q, limit: 10 }, options);
  const times: number[] = [];
  const lists: { id: string; score: number }[][] = [];
  for (const q of queries) {
    const t = performance.now();
    const hits = await retrieve(d, { companyId, access, query: q, limit: 10 }, options);
    times.push(performance.now() - t);
    lists.push(hits.map((h) => ({ id: h.chunkId, score: h.score })));
  }
  top10.set(label, lists);
  results[label] = { p50: +percentile(times, 50).toFixed(1), p95: +percentile(times, 95).toFixed(1) };
  console.log(`${label.padEnd(18)} p50 ${results[label].p50} ms   p95 ${results[label].p95} ms`);
}
// How much of the exact BM25 top 10 the pruned leg returns: the same chunks (`agreement`), or
// chunks scoring at least the exact 10th score (`tieAware`: the synthetic corpus's variants of one
// seed often tie, and which of them fill the last places is arbitrary). Both 1 = exact.
const exactLists = top10.get('lexicalExact')!;
const mean = (f: (list: { id: string; score: number }[], exact: { id: string; score: number }[]) => number) =>
  top10.get('lexical')!.reduce((sum, list, i) => sum + f(list, exactLists[i]!), 0) / exactLists.length;
const agreement = mean(
  (list, exact) => list.filter((h) => exact.some((e) => e.id === h.id)).length / Math.max(1, exact.length),
);
const tieAware = mean((list, exact) => {
  const floor = exact.length ? exact[exact.length - 1]!.score - 1e-9 : Infinity;
  return exact.length ? list.filter((h) => h.score >= floor).length / exact.length : 1;
});
// The same passages: chunk i is a variant of seed i mod seeds (synthetic-corpus.ts), so a variant
// of a seed the exact top 10 holds carries the same passage; the chunk measures above count
// swapping one of a seed's 50 near-duplicates for another as a miss.
const seedOf = (id: string) => Number(id.slice('chk_scale_'.length)) % seedCount;
const sameSeeds = mean((list, exact) => {
  const seedsOfExact = new Set(exact.map((e) => seedOf(e.id)));
  return exact.length ? list.filter((h) => seedsOfExact.has(seedOf(h.id))).length / exact.length : 1;
});
console.log(
  `lexical top 10 against the exact sum: same chunks ${agreement.toFixed(4)}, at or above its 10th score ${tieAware.toFixed(4)}, same seed passages ${sameSeeds.toFixed(4)}`,
);
console.log(
  JSON.stringify({
    store,
    chunks: Number(
      (
        await db
          .selectFrom('chunks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    seeds: seedCount,
    reused: Boolean(kept),
    loadAverage: os.loadavg().map((x) => +x.toFixed(1)),
    loadSeconds: +loadSeconds.toFixed(1),
    hnswBuildSeconds: +hnswSeconds.toFixed(1),
    postingsPerTerm: values['postings-per-term'] ?? 'default',
    ...results,
    lexicalTop10Agreement: +agreement.toFixed(4),
    lexicalTop10SameSeeds: +sameSeeds.toFixed(3),
    lexicalTop10TieAware: +tieAware.toFixed(4),
  }),
);
await database.close();
if (keep) console.log(`corpus kept in ${keep}: run again with --keep ${keep} to re-measure the queries`);
else if (dataDir) rmSync(dataDir, { recursive: true, force: true });
if (schema && databaseUrl && !keep) {
  const cleanup = await openDatabase({ databaseUrl, pgliteDataDir: 'memory://' });
  await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
  await cleanup.close();
}
