/**
 * Runs benchmark queries through `retrieve` — the function behind POST /api/search — and turns
 * ranked chunks into ranked documents for BEIR's document-level qrels.
 */
import { retrieve, type RetrievalOptions, type RetrieverDeps } from '../../src/retrieval/retriever.ts';
import type { RetrievedChunk } from '../../src/retrieval/types.ts';
import type { Run } from '../../src/retrieval/metrics.ts';
import type { BeirQuery } from './beir.ts';

/**
 * Documents in the order their first chunk appears: a document scores as its best chunk
 * (chunks come best first), the usual MaxP aggregation (Dai & Callan, "Deeper Text
 * Understanding for IR with Contextual Neural Language Modeling", SIGIR 2019).
 */
export function rankDocuments(chunks: readonly RetrievedChunk[]): string[] {
  return [...new Set(chunks.map((c) => c.documentId))];
}

/** p-th percentile (0..100) by nearest rank of the sorted values; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface QueryRun {
  run: Run;
  /** Wall milliseconds of each evaluation `retrieve` call (`chunkLimit` chunks). */
  latenciesMs: number[];
  /** Wall milliseconds of the same query at the API's default limit (10 chunks). */
  apiLatenciesMs: number[];
  /** Queries whose chunk list held fewer than `depth` distinct documents. */
  shallow: number;
}

/**
 * Retrieves `chunkLimit` chunks per query and keeps the first `depth` documents, mapped back to
 * BEIR ids through `beirIdOf` (our document id → BEIR `_id`); then times the query once more as
 * POST /api/search runs it by default (10 chunks). One untimed warm-up query first.
 */
export async function runQueries(
  deps: RetrieverDeps,
  companyId: string,
  queries: readonly BeirQuery[],
  beirIdOf: ReadonlyMap<string, string>,
  options: RetrievalOptions & { chunkLimit: number; depth: number },
): Promise<QueryRun> {
  const { chunkLimit, depth, ...retrieval } = options;
  const access = { kind: 'company' as const, companyId };
  const result: QueryRun = { run: new Map(), latenciesMs: [], apiLatenciesMs: [], shallow: 0 };
  if (queries[0])
    await retrieve(deps, { companyId, access, query: queries[0].text, limit: chunkLimit }, retrieval);
  for (const query of queries) {
    const started = performance.now();
    const chunks = await retrieve(
      deps,
      { companyId, access, query: query.text, limit: chunkLimit },
      retrieval,
    );
    result.latenciesMs.push(performance.now() - started);
    const apiStarted = performance.now();
    await retrieve(deps, { companyId, access, query: query.text, limit: 10 }, retrieval);
    result.apiLatenciesMs.push(performance.now() - apiStarted);
    const documents = rankDocuments(chunks).slice(0, depth);
    if (documents.length < depth) result.shallow++;
    result.run.set(
      query.id,
      documents.flatMap((id) => {
        const beirId = beirIdOf.get(id);
        return beirId === undefined ? [] : [beirId];
      }),
    );
  }
  return result;
}
