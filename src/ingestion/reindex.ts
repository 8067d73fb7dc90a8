import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  compactLexicalStats,
  companyLanguage,
  indexChunkTerms,
  lexicalText,
} from '../retrieval/lexical/bm25.ts';

/** Queue of lexical re-indexing jobs; payload `{ companyId }`. */
export const REINDEX_QUEUE = 'reindex-lexical';

/**
 * Re-analyzes every chunk of a company with its current language setting (after it changed),
 * one document per transaction so search keeps working meanwhile. Reads the language when it
 * runs, so a job queued before a second change still ends with the latest language.
 * @returns the number of chunks re-indexed.
 */
export async function reindexCompanyLexical(db: Kysely<DB>, companyId: string): Promise<number> {
  const language = await companyLanguage(db, companyId);
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'name', 'title'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'VECTORIZED')
    .execute();
  let count = 0;
  for (const doc of documents) {
    await db.transaction().execute(async (trx) => {
      const chunks = await trx
        .selectFrom('chunks')
        .select(['id', 'text', 'heading_path'])
        .where('document_id', '=', doc.id)
        .execute();
      await indexChunkTerms(trx, {
        companyId,
        language,
        chunks: chunks.map((c) => ({
          id: c.id,
          text: lexicalText(doc.title ?? doc.name, c.heading_path, c.text),
        })),
      });
      count += chunks.length;
    });
  }
  return count;
}

/**
 * After a burst of ingestion on PGlite, which has no autovacuum: reclaims dead postings (a
 * vacuumed `chunk_terms` halves BM25 latency) and refreshes the planner's statistics of `chunks`
 * (with stale ones it estimates a handful of rows per company and scans instead of using the HNSW
 * index: 40–50 ms against 3–7 ms on 18k chunks; docs/benchmarks.md). PostgreSQL's autovacuum
 * does both by itself. Also folds the BM25 statistics' deltas (`compactLexicalStats`): each
 * ingestion transaction appends one per term, and a query sums them; then vacuums them.
 */
export async function maintainIndexes(db: Kysely<DB>): Promise<void> {
  await compactLexicalStats(db);
  await sql`vacuum (analyze) chunk_terms`.execute(db);
  // The folded deltas are dead rows that every df lookup would step over (a bulk load of 100k
  // chunks left 2.6 M beside 14 k live ones: BM25 33.6 ms p50 instead of 15.8).
  await sql`vacuum (analyze) lexical_stats`.execute(db);
  await sql`analyze chunks`.execute(db);
}
