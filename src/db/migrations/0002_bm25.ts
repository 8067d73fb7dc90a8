import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { lexicalLanguageOf } from '../../retrieval/lexical/analyzer.ts';
import { indexChunkTerms, lexicalText } from '../../retrieval/lexical/bm25.ts';

/** Chunks re-analyzed per round while backfilling postings for data indexed before 0002. */
const BACKFILL_BATCH = 500;

/**
 * BM25 postings (docs/retrieval.md): `chunk_terms` holds one row per (company, term, chunk) with
 * the term frequency and the chunk's length `dl` (a copy of `chunks.lexical_length`, the number of
 * analyzed terms: fixed for a chunk's life, and it spares a join per posting — 2× faster). Collection
 * statistics (N, df, avgdl) are computed at query time from these two. The `term` column uses
 * the "C" collation: byte comparisons, same on every server locale and faster than ICU/libc.
 * Existing chunks are backfilled with their company's analyzer, then the tsvector column and its
 * GIN index (the ts_rank_cd lexical leg this replaces) are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chunks')
    .addColumn('lexical_length', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('chunk_terms')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('term', sql`text collate "C"`, (c) => c.notNull())
    .addColumn('chunk_id', 'text', (c) => c.notNull().references('chunks.id').onDelete('cascade'))
    .addColumn('tf', 'integer', (c) => c.notNull())
    .addColumn('dl', 'integer', (c) => c.notNull())
    .execute();
  // INCLUDE (tf, dl): a query term's postings are one index range, read index-only once the
  // visibility map is set (autovacuum on PostgreSQL; an explicit VACUUM on PGlite).
  await sql`alter table chunk_terms add constraint chunk_terms_pkey
    primary key (company_id, term, chunk_id) include (tf, dl)`.execute(db);
  // Deleting a chunk cascades here: without this index every chunk deleted scans the table.
  await db.schema.createIndex('chunk_terms_chunk_idx').on('chunk_terms').column('chunk_id').execute();

  const app = db as unknown as Kysely<DB>;
  const companies = await app.selectFrom('companies').select(['id', 'settings']).execute();
  for (const company of companies) {
    const language = lexicalLanguageOf(company.settings);
    let after = '';
    for (;;) {
      const rows = await app
        .selectFrom('chunks')
        .innerJoin('documents', 'documents.id', 'chunks.document_id')
        .select(['chunks.id', 'chunks.text', 'chunks.heading_path', 'documents.title', 'documents.name'])
        .where('chunks.company_id', '=', company.id)
        .where('chunks.id', '>', after)
        .orderBy('chunks.id')
        .limit(BACKFILL_BATCH)
        .execute();
      if (rows.length === 0) break;
      const chunks = rows.map((r) => ({
        id: r.id,
        text: lexicalText(r.title ?? r.name, r.heading_path, r.text),
      }));
      await indexChunkTerms(app, { companyId: company.id, language, chunks });
      after = rows[rows.length - 1]!.id;
    }
  }

  await sql`drop index if exists chunks_tsv_idx`.execute(db);
  await db.schema.alterTable('chunks').dropColumn('tsv').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chunk_terms').ifExists().execute();
  await db.schema.alterTable('chunks').dropColumn('lexical_length').execute();
  await db.schema
    .alterTable('chunks')
    .addColumn('tsv', sql`tsvector`, (c) => c.notNull().defaultTo(sql`''::tsvector`))
    .execute();
  await sql`update chunks set tsv = to_tsvector('english', text)`.execute(db);
  await sql`create index chunks_tsv_idx on chunks using gin (tsv)`.execute(db);
}
