import { sql, type Kysely } from 'kysely';

/**
 * BM25 reads N (the company's chunks) and avgdl (their mean `lexical_length`) on every query
 * (src/retrieval/lexical/bm25.ts). Without this index that is a sequential scan of `chunks`, whose
 * rows carry the text and the 384-d embedding: 72 of the 92 ms of a lexical query at 100k chunks on
 * PostgreSQL (docs/benchmarks.md "Scale"). Covering `lexical_length` makes it an index-only scan
 * of ≈ 48 bytes per chunk. Numbered 0010 to sort after migrations other branches add meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists chunks_company_length_idx
    on chunks (company_id) include (lexical_length)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chunks_company_length_idx').ifExists().execute();
}
