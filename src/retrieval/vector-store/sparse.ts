import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { BM25_DEFAULTS } from '../lexical/bm25.ts';
import { analyze, type LexicalLanguage } from '../lexical/analyzer.ts';

/**
 * BM25 as sparse vectors, for an engine that scores Σ query_value · IDF(t) · document_value with
 * IDF(t) = ln(1 + (N − df + 0.5) / (df + 0.5)) computed by the engine (Qdrant's `modifier: idf`,
 * https://qdrant.tech/documentation/concepts/indexing/#idf-modifier). Splitting bm25Search's
 * formula that way gives the same score:
 * - document value of term t: tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl)), fixed at index time;
 * - query value of term t: qtf (the engine multiplies by IDF).
 * Terms are the analyzer's (src/retrieval/lexical/analyzer.ts), so both stores tokenise alike.
 */

/** One sparse vector: unique uint32 indices, ascending, with their values. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/**
 * A term's sparse index: FNV-1a (32-bit) of its UTF-8 bytes. A hash needs no shared vocabulary
 * table; two terms colliding (≈ n²/2³³ pairs for n distinct terms) add up in one dimension.
 */
export function termIndex(term: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(term, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Sums values per hashed index and sorts by index (Qdrant wants unique indices). */
function toSparse(weights: Iterable<[string, number]>): SparseVector {
  const byIndex = new Map<number, number>();
  for (const [term, w] of weights) {
    const i = termIndex(term);
    byIndex.set(i, (byIndex.get(i) ?? 0) + w);
  }
  const indices = [...byIndex.keys()].sort((a, b) => a - b);
  return { indices, values: indices.map((i) => byIndex.get(i)!) };
}

/**
 * A chunk's document-side BM25 vector.
 * @param termFrequencies analyzed term → tf (bm25.ts `analyzeChunk`).
 * @param length the chunk's analyzed length dl; `avgdl` the company's mean dl (> 0).
 */
export function documentSparseVector(
  termFrequencies: ReadonlyMap<string, number>,
  length: number,
  avgdl: number,
  { k1, b } = BM25_DEFAULTS,
): SparseVector {
  const norm = k1 * (1 - b + (b * length) / Math.max(avgdl, 1e-9));
  return toSparse([...termFrequencies].map(([term, tf]) => [term, (tf * (k1 + 1)) / (tf + norm)]));
}

/** The query-side vector: each analyzed term with its query frequency; empty when no term is left. */
export function querySparseVector(query: string, language: LexicalLanguage): SparseVector {
  const qtf = new Map<string, number>();
  for (const term of analyze(query, language)) qtf.set(term, (qtf.get(term) ?? 0) + 1);
  return toSparse(qtf);
}

/**
 * The company's mean analyzed chunk length as it will be once `added` chunk lengths replace the
 * chunks of `replacing` (a document being (re)indexed): bm25Search's avgdl at that moment.
 * @returns ≥ 1e-9 (an empty company gives the mean of `added`).
 */
export async function companyAvgdl(
  db: Kysely<DB>,
  companyId: string,
  added: readonly number[],
  replacing?: string,
): Promise<number> {
  // The company's totals from the BM25 statistics (migration 0011), less the replaced document's.
  const company = await db
    .selectFrom('lexical_stats')
    .select([
      sql<number>`coalesce(sum(total_length), 0)::float8`.as('total'),
      sql<number>`coalesce(sum(df), 0)::float8`.as('n'),
    ])
    .where('company_id', '=', companyId)
    .where('term', '=', '')
    .executeTakeFirstOrThrow();
  const replaced = replacing
    ? await db
        .selectFrom('chunks')
        .select([
          sql<number>`coalesce(sum(lexical_length), 0)::float8`.as('total'),
          sql<number>`count(*)::float8`.as('n'),
        ])
        .where('company_id', '=', companyId)
        .where('document_id', '=', replacing)
        .executeTakeFirstOrThrow()
    : { total: 0, n: 0 };
  const row = {
    total: Number(company.total) - Number(replaced.total),
    n: Number(company.n) - Number(replaced.n),
  };
  const total = Number(row.total) + added.reduce((s, l) => s + l, 0);
  const n = Number(row.n) + added.length;
  return Math.max(n > 0 ? total / n : 0, 1e-9);
}
