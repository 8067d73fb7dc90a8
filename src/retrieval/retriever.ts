import { sql, type Kysely, type Selectable } from 'kysely';
import type { ChunksTable, DB } from '../db/schema.ts';
import type { Embedder } from '../embeddings/embedder.ts';
import { normalizedScoreFusion, reciprocalRankFusion, type ScoredId } from './fusion.ts';
import { topicFilterOf, type RetrievalQuery, type RetrievedChunk } from './types.ts';
import { inTopicFilter, resolveTopicFilter, type AccessScope } from '../access/scope.ts';
import { bm25Search, queryLanguage } from './lexical/bm25.ts';
import type { LexicalLanguage } from './lexical/analyzer.ts';
import type { VectorStore } from './vector-store/index.ts';
import { pgvectorStore } from './vector-store/pgvector.ts';
import { PREPARE } from '../db/prepared-statements.ts';

/** A cross-encoder: scores (query, passage) pairs jointly (rerank/cross-encoder.ts; RERANK_MODEL). */
export interface Reranker {
  readonly modelId: string;
  /**
   * Relevance of the passages to the query, in passage order; higher is better. May score only a
   * prefix (its top-N and time budget): the passages after it keep their order, after the scored.
   */
  score(query: string, passages: string[]): Promise<number[]>;
}

export interface RetrieverDeps {
  db: Kysely<DB>;
  embedder: Embedder;
  vectorEnabled: boolean;
  /** Where dense (and, if it can, hybrid) search runs; absent → pgvector on `db`. */
  vectorStore?: VectorStore;
  /** Cross-encoder for mode `rerank`; absent → that mode is unavailable. */
  reranker?: Reranker | null;
}

/** `dense` and `lexical` run one leg; `hybrid` fuses both; `rerank` re-scores hybrid's candidates. */
export type RetrievalMode = 'dense' | 'lexical' | 'hybrid' | 'rerank';
/** How hybrid merges its legs: reciprocal ranks, or a convex combination of min-max scores. */
export type FusionMethod = 'rrf' | 'normalized';

export interface RetrievalOptions {
  mode?: RetrievalMode;
  fusion?: FusionMethod;
  /** α: weight of the dense leg in `normalized` fusion, 0..1 (the lexical leg gets 1 − α). */
  denseWeight?: number;
  /** Candidates each leg gives `hybrid` (and `rerank`); at least the query's `limit`. */
  candidatesPerLeg?: number;
  /** BM25 postings read per query term (bm25-search.ts; `Infinity`: all, the exact sum). */
  postingsPerTerm?: number;
}

/**
 * Retrieval defaults, the one place per-company settings will override. Measured on BEIR SciFact
 * through the real pipeline, α chosen on its train split (docs/benchmarks.md: figures, commands):
 * - mode `hybrid`: nDCG@10 0.7309 against 0.6837 (BM25) and 0.6569 (dense) alone.
 * - fusion `normalized`, α = 0.5: a convex combination of min-max scores (Bruch et al., TOIS
 *   2023; src/retrieval/fusion.ts) — RRF scored 0.7150; α = 0.5 was best on train at both chunk
 *   sizes tried, and weights the legs equally on documents nobody has labelled.
 * - 50 candidates per leg (or `limit`, when larger): 0.7238 at that depth, +0.002 for 100, and
 *   from 200 the planner drops HNSW for an exact scan. RRF's customary k = 60.
 */
export const RETRIEVAL_DEFAULTS = Object.freeze({
  mode: 'hybrid' as RetrievalMode,
  fusion: 'normalized' as FusionMethod,
  denseWeight: 0.5,
  candidatesPerLeg: 50,
  rrfK: 60,
});

/** Mode `rerank` was asked for but no cross-encoder is configured. */
export class RerankerUnavailableError extends Error {
  override name = 'RerankerUnavailableError';
  constructor() {
    super('retrieval mode "rerank" needs a cross-encoder model, and none is configured');
  }
}

/**
 * The mode that will actually run: `rerank` without a configured reranker becomes `hybrid`
 * (the API's fallback; the benchmark refuses instead).
 */
export function effectiveMode(deps: RetrieverDeps, mode: RetrievalMode = RETRIEVAL_DEFAULTS.mode) {
  return mode === 'rerank' && !deps.reranker ? 'hybrid' : mode;
}

/**
 * Dense top-k in the vector store (src/retrieval/vector-store/).
 * @returns chunk ids with cosine similarity (−1..1), best first.
 */
async function denseLeg(deps: RetrieverDeps, q: RetrievalQuery, limit: number): Promise<ScoredId[]> {
  const store = deps.vectorStore ?? pgvectorStore(deps.db, deps.vectorEnabled);
  if (!store.enabled) return [];
  return store.denseSearch(q, await deps.embedder.embedQuery(q.query), limit);
}

/**
 * Lexical top-k: Okapi BM25 over the company's chunk postings, analyzed in the company's language
 * (`companies.settings.language`); src/retrieval/lexical/bm25.ts, docs/retrieval.md.
 * @returns chunk ids with BM25 scores (> 0, unbounded), best first.
 */
async function lexicalLeg(
  deps: RetrieverDeps,
  q: RetrievalQuery,
  limit: number,
  postingsPerTerm?: number,
  known?: LexicalLanguage,
): Promise<{ chunkId: string; score: number }[]> {
  const language = known ?? (await queryLanguage(deps.db, q.companyId));
  const { companyId, query, topicId, topics } = q;
  return bm25Search(deps.db, { companyId, query, topicId, topics, limit, language, postingsPerTerm });
}

const lexicalHits = (hits: { chunkId: string; score: number }[]): ScoredId[] =>
  hits.map((h) => ({ id: h.chunkId, score: h.score }));

/** Both legs, `candidates` each, fused by `fusion`. */
async function hybrid(
  deps: RetrieverDeps,
  q: RetrievalQuery,
  candidates: number,
  options: RetrievalOptions,
): Promise<ScoredId[]> {
  const store = deps.vectorStore;
  if (store?.hybridSearch) {
    // Both legs and their fusion in the store (Qdrant's Query API), same definitions as below.
    return store.hybridSearch(q, {
      vector: await deps.embedder.embedQuery(q.query),
      candidates,
      fusion: options.fusion ?? RETRIEVAL_DEFAULTS.fusion,
      denseWeight: options.denseWeight ?? RETRIEVAL_DEFAULTS.denseWeight,
      rrfK: RETRIEVAL_DEFAULTS.rrfK,
    });
  }
  // The language first, so the lexical statement is on its way to the database before the query
  // embedding runs: the model holds this thread (~7 ms here) while PostgreSQL scores BM25 (0.3 ms
  // more before; up to the embedding's time less after, at 100k chunks).
  const language = await queryLanguage(deps.db, q.companyId);
  const lexicalPending = lexicalLeg(deps, q, candidates, options.postingsPerTerm, language).then(lexicalHits);
  const [lexical, dense] = await Promise.all([lexicalPending, denseLeg(deps, q, candidates)]);
  if ((options.fusion ?? RETRIEVAL_DEFAULTS.fusion) === 'rrf') {
    return reciprocalRankFusion([dense.map((h) => h.id), lexical.map((h) => h.id)], RETRIEVAL_DEFAULTS.rrfK);
  }
  const alpha = options.denseWeight ?? RETRIEVAL_DEFAULTS.denseWeight;
  return normalizedScoreFusion([
    { hits: dense, weight: alpha },
    { hits: lexical, weight: 1 - alpha },
  ]);
}

/**
 * Retrieval restricted to what `q.access` may read (src/access/scope.ts), narrowed to `q.topicId`
 * when given (a topic outside the access reads nothing), in one of four modes (default
 * `RETRIEVAL_DEFAULTS.mode`): `dense` (cosine similarity), `lexical` (the lexical leg's score),
 * `hybrid` (both legs fused, `RETRIEVAL_DEFAULTS.fusion` unless `options.fusion`), `rerank`
 * (hybrid's candidates re-scored by `deps.reranker`).
 * @returns up to `q.limit` chunks, best first; `score` is the mode's score, comparable within
 * one result list only.
 * @throws RerankerUnavailableError for mode `rerank` without `deps.reranker` (see effectiveMode).
 */
export async function retrieve(
  deps: RetrieverDeps,
  query: RetrievalQuery & { access: AccessScope },
  options: RetrievalOptions = {},
): Promise<RetrievedChunk[]> {
  if (!query.query.trim() || query.limit < 1) return [];
  const topics = await resolveTopicFilter(deps.db, query.access, query.topicId);
  if (topics && topics.topicIds.length === 0 && !topics.unfiled) return [];
  const q: RetrievalQuery = { ...query, topics };
  const mode = options.mode ?? RETRIEVAL_DEFAULTS.mode;
  if (mode === 'rerank' && !deps.reranker) throw new RerankerUnavailableError();
  const candidates = Math.max(options.candidatesPerLeg ?? RETRIEVAL_DEFAULTS.candidatesPerLeg, q.limit);
  let ranked: ScoredId[];
  if (mode === 'dense') ranked = await denseLeg(deps, q, q.limit);
  else if (mode === 'lexical')
    ranked = lexicalHits(await lexicalLeg(deps, q, q.limit, options.postingsPerTerm));
  else ranked = await hybrid(deps, q, candidates, options);
  if (mode !== 'rerank') return hydrate(deps, q, ranked.slice(0, q.limit));

  const pool = await hydrate(deps, q, ranked.slice(0, candidates));
  const scores = await deps.reranker!.score(
    q.query,
    pool.map((c) => c.text),
  );
  const scored = pool
    .slice(0, scores.length)
    .map((c, i) => ({ ...c, score: scores[i]! }))
    .sort((a, b) => b.score - a.score);
  // Unscored candidates follow in hybrid order, below every scored one (scores are logits).
  const floor = scored.length > 0 ? scored[scored.length - 1]!.score : 0;
  const rest = pool.slice(scores.length).map((c, i) => ({ ...c, score: floor - 1 - i }));
  return [...scored, ...rest].slice(0, q.limit);
}

/** A chunk row as `hydrate` reads it: the table's columns (db/schema.ts) and its document's name. */
type HydratedRow = Pick<
  Selectable<ChunksTable>,
  | 'id'
  | 'document_id'
  | 'text'
  | 'page_start'
  | 'page_end'
  | 'sheet'
  | 'row_start'
  | 'row_end'
  | 'slide'
  | 'heading_path'
> & { name: string };

/**
 * Loads the chunks (of the company and `q.topics` only: a leg's filter is checked again where the
 * text is read) with their document names, in `ranked` order.
 */
async function hydrate(
  deps: RetrieverDeps,
  q: RetrievalQuery,
  ranked: ScoredId[],
): Promise<RetrievedChunk[]> {
  if (ranked.length === 0) return [];
  const { companyId } = q;
  const topics = topicFilterOf(q);
  // The chunks by primary key first, then each one's document by its key: a plain join let the
  // planner start from `documents` when its statistics were stale (1 row estimated, 1,000 read:
  // 24 ms at 100k chunks instead of 0.1). `limit 1` keeps the lateral subquery from being
  // flattened back into such a join. The ids travel as one array, so the text is the same for
  // every question and PostgreSQL parses and plans it once per connection (PREPARE). Chunks of a
  // document still being written (ingest.ts writes them in batches) are not served.
  const { rows } = await sql<HydratedRow>`${sql.raw(PREPARE)}
    select c.id, c.document_id, d.name, c.text, c.page_start, c.page_end, c.sheet, c.row_start,
      c.row_end, c.slide, c.heading_path
    from chunks c
    cross join lateral (
      select documents.name from documents
      where documents.id = c.document_id
        and documents.status = 'VECTORIZED'
        ${topics !== null ? sql`and ${inTopicFilter(topics, sql.ref('documents.topic_id'))}` : sql``}
      limit 1) d
    where c.id = any(${ranked.map((f) => f.id)}::text[]) and c.company_id = ${companyId}`.execute(deps.db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.flatMap(({ id, score }) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        chunkId: r.id,
        documentId: r.document_id,
        documentName: r.name,
        text: r.text,
        pageStart: r.page_start,
        pageEnd: r.page_end,
        sheet: r.sheet,
        rowStart: r.row_start,
        rowEnd: r.row_end,
        slide: r.slide,
        headingPath: r.heading_path,
        score,
      },
    ];
  });
}
