import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { analyze, lexicalLanguageOf, type LexicalLanguage } from './analyzer.ts';
import { TtlLru } from '../../lib/ttl-lru.ts';

export {
  BM25_DEFAULTS,
  BM25_FULL_READ_FACTOR,
  BM25_POSTINGS_PER_TERM,
  bm25Search,
  type Bm25Query,
} from './bm25-search.ts';

/** The text a chunk is indexed under: document title, heading path, chunk text. */
export function lexicalText(title: string, headingPath: readonly string[], text: string): string {
  return [title, ...headingPath, text].join('\n');
}

/** One chunk after analysis: its length in terms and each term's frequency. */
export interface AnalyzedChunk {
  id: string;
  /** Number of analyzed terms (stop words excluded): BM25's document length, `chunks.lexical_length`. */
  length: number;
  termFrequencies: Map<string, number>;
}

/** Analyzes one chunk's lexical text (see `analyze`); pure, no database. */
export function analyzeChunk(id: string, text: string, language: LexicalLanguage): AnalyzedChunk {
  const terms = analyze(text, language);
  const termFrequencies = new Map<string, number>();
  for (const term of terms) termFrequencies.set(term, (termFrequencies.get(term) ?? 0) + 1);
  return { id, length: terms.length, termFrequencies };
}

/** Postings per INSERT … SELECT FROM unnest(): five array parameters whatever the row count. */
const POSTINGS_BATCH = 10_000;

/**
 * Writes the postings (`chunk_terms` rows) of chunks already inserted in `chunks`. Call it inside
 * the transaction that inserts the chunks, so they become searchable together.
 * @throws on database errors (e.g. a chunk id that does not exist: foreign key violation).
 */
export async function insertPostings(
  db: Kysely<DB>,
  companyId: string,
  chunks: AnalyzedChunk[],
): Promise<void> {
  let terms: string[] = [];
  let ids: string[] = [];
  let tfs: number[] = [];
  let dls: number[] = [];
  const flush = async () => {
    if (terms.length === 0) return;
    await sql`insert into chunk_terms (company_id, term, chunk_id, tf, dl)
      select ${companyId}, t.term, t.chunk_id, t.tf, t.dl
      from unnest(${terms}::text[], ${ids}::text[], ${tfs}::int[], ${dls}::int[]) as t(term, chunk_id, tf, dl)`.execute(
      db,
    );
    terms = [];
    ids = [];
    tfs = [];
    dls = [];
  };
  for (const chunk of chunks) {
    for (const [term, tf] of chunk.termFrequencies) {
      terms.push(term);
      ids.push(chunk.id);
      tfs.push(tf);
      dls.push(chunk.length);
    }
    if (terms.length >= POSTINGS_BATCH) await flush();
  }
  await flush();
}

/**
 * (Re)indexes existing chunks for BM25: replaces their postings and sets `chunks.lexical_length`.
 * Used to backfill and to re-index after a language change; ingestion uses `analyzeChunk` +
 * `insertPostings` instead, to write `lexical_length` with the chunk row (an UPDATE would
 * rewrite each row and its HNSW entry).
 * @param input.chunks ids of rows in `chunks` with their lexical text (`lexicalText`).
 * @throws on database errors.
 */
export async function indexChunkTerms(
  db: Kysely<DB>,
  input: { companyId: string; language: LexicalLanguage; chunks: { id: string; text: string }[] },
): Promise<void> {
  if (input.chunks.length === 0) return;
  const analyzed = input.chunks.map((c) => analyzeChunk(c.id, c.text, input.language));
  const ids = analyzed.map((c) => c.id);
  await sql`delete from chunk_terms where chunk_id = any(${ids}::text[])`.execute(db);
  await sql`update chunks set lexical_length = v.length
    from unnest(${ids}::text[], ${analyzed.map((c) => c.length)}::int[]) as v(id, length)
    where chunks.id = v.id and chunks.company_id = ${input.companyId}`.execute(db);
  await insertPostings(db, input.companyId, analyzed);
}

/** The company's analyzer language, from `companies.settings.language` ('en' when unset). */
export async function companyLanguage(db: Kysely<DB>, companyId: string): Promise<LexicalLanguage> {
  const row = await db
    .selectFrom('companies')
    .select('settings')
    .where('id', '=', companyId)
    .executeTakeFirst();
  return lexicalLanguageOf(row?.settings);
}

/** How long a query may analyze with a company's previous language after a change, ms. */
export const QUERY_LANGUAGE_TTL_MS = 5_000;
const queryLanguages = new WeakMap<Kysely<DB>, TtlLru<string, LexicalLanguage>>();

/**
 * companyLanguage for the query path (search, chat), remembered per database handle for
 * QUERY_LANGUAGE_TTL_MS: one round trip fewer per question. A change applies at once in the
 * process that made it (forgetQueryLanguage) and within the TTL elsewhere — while the postings,
 * rebuilt in the background after a change (routes/companies.ts), are mixed anyway. Writers
 * (ingestion, reindex, restore) read companyLanguage, never this.
 */
export async function queryLanguage(db: Kysely<DB>, companyId: string): Promise<LexicalLanguage> {
  let cache = queryLanguages.get(db);
  if (!cache)
    queryLanguages.set(db, (cache = new TtlLru<string, LexicalLanguage>(10_000, QUERY_LANGUAGE_TTL_MS)));
  const known = cache.get(companyId);
  if (known) return known;
  const language = await companyLanguage(db, companyId);
  cache.set(companyId, language);
  return language;
}

/** Drops the remembered query language of `companyId` (after its settings changed). */
export function forgetQueryLanguage(db: Kysely<DB>, companyId: string): void {
  queryLanguages.get(db)?.delete(companyId);
}

/**
 * Folds the company-wide BM25 statistics' deltas (`lexical_stats`, appended by triggers on every
 * write of `chunks` and `chunk_terms`) into one row per (company, term), dropping terms no chunk
 * holds any more. Safe beside concurrent writers: a delta committed after this statement's
 * snapshot is not deleted and still counts. Run after an ingestion burst (maintainIndexes).
 * @returns the rows folded (`before`) and the rows they became (`after`).
 */
export async function compactLexicalStats(db: Kysely<DB>): Promise<{ before: number; after: number }> {
  // Only (company, term) pairs with more than one row: a pair already folded is left alone, so a
  // compaction rewrites what ingestion appended since the last one, not every company's table.
  const { rows } = await sql<{ before: number; after: number }>`
    with pending as (
      select company_id, term from lexical_stats group by company_id, term having count(*) > 1),
    gone as (
      delete from lexical_stats l using pending p
      where l.company_id = p.company_id and l.term = p.term
      returning l.*),
    kept as (
      insert into lexical_stats (company_id, term, df, total_length)
      select company_id, term, sum(df), sum(total_length) from gone
      group by company_id, term having sum(df) <> 0 or sum(total_length) <> 0
      returning 1)
    select (select count(*)::int from gone) as before, (select count(*)::int from kept) as after`.execute(db);
  return rows[0] ?? { before: 0, after: 0 };
}
