import { sql, type Kysely } from 'kysely';
import { analyze, lexicalLanguageOf, type LexicalLanguage } from './frozen/analyzer-0002.ts';

/**
 * The tables this migration reads and writes, as they were when it ran (not the live schema:
 * later migrations change it, and a migration is history).
 */
interface Db0002 {
  companies: { id: string; settings: unknown };
  chunks: { id: string; company_id: string; document_id: string; text: string; heading_path: string[] };
  documents: { id: string; title: string | null; name: string };
}

/** A chunk's text as the BM25 backfill of 0002 analyzed it: title, headings, text. */
const lexicalText = (title: string, headingPath: readonly string[], text: string) =>
  [title, ...headingPath, text].join('\n');

/** The postings and lengths of `chunks`, as 0002 wrote them (frozen copy of that day's indexChunkTerms). */
async function indexChunkTerms(
  db: Kysely<unknown>,
  input: { companyId: string; language: LexicalLanguage; chunks: { id: string; text: string }[] },
): Promise<void> {
  if (input.chunks.length === 0) return;
  const ids: string[] = [];
  const lengths: number[] = [];
  const terms: string[] = [];
  const chunkIds: string[] = [];
  const tfs: number[] = [];
  const dls: number[] = [];
  for (const chunk of input.chunks) {
    const analyzed = analyze(chunk.text, input.language);
    const frequencies = new Map<string, number>();
    for (const term of analyzed) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
    ids.push(chunk.id);
    lengths.push(analyzed.length);
    for (const [term, tf] of frequencies) {
      terms.push(term);
      chunkIds.push(chunk.id);
      tfs.push(tf);
      dls.push(analyzed.length);
    }
  }
  await sql`delete from chunk_terms where chunk_id = any(${ids}::text[])`.execute(db);
  await sql`update chunks set lexical_length = v.length
    from unnest(${ids}::text[], ${lengths}::int[]) as v(id, length)
    where chunks.id = v.id and chunks.company_id = ${input.companyId}`.execute(db);
  if (terms.length === 0) return;
  await sql`insert into chunk_terms (company_id, term, chunk_id, tf, dl)
    select ${input.companyId}, t, c, f, d
    from unnest(${terms}::text[], ${chunkIds}::text[], ${tfs}::int[], ${dls}::int[]) as v(t, c, f, d)`.execute(
    db,
  );
}

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

  const app = db as unknown as Kysely<Db0002>;
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
      await indexChunkTerms(db, { companyId: company.id, language, chunks });
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
