import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { analyze, lexicalLanguageOf, type LexicalLanguage } from './analyzer.ts';

/**
 * Okapi BM25 parameters. k1 = 0.9, b = 0.4 are Anserini's defaults for its BEIR baselines
 * (SciFact nDCG@10 0.679 with them); Lucene's own defaults are 1.2 / 0.75. k1 saturates term
 * frequency, b sets how much a long chunk is penalised (0 = not at all, 1 = fully).
 */
export const BM25_DEFAULTS = Object.freeze({ k1: 0.9, b: 0.4 });

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

export interface Bm25Query {
  companyId: string;
  query: string;
  /** Only chunks of documents in this topic; N, df and avgdl stay company-wide. */
  topicId?: string;
  /** Chunks to return, best first. */
  limit: number;
  language: LexicalLanguage;
  k1?: number;
  b?: number;
}

/**
 * Okapi BM25 over the company's chunks, in one SQL statement (same numbers on PGlite and
 * PostgreSQL). For each query term t with query frequency qtf:
 *   score += qtf · IDF(t) · tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl))
 *   IDF(t) = ln(1 + (N − df + 0.5) / (df + 0.5))
 * (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009; IDF as in
 * Lucene's BM25Similarity, which also drops the constant (k1+1) — same ranking.) N = company
 * chunks, df = company chunks holding t, dl = `chunks.lexical_length`, avgdl = mean dl; all read
 * at query time, so deleting a document needs no maintenance.
 * @returns up to `limit` chunks with score > 0, best first; ties by chunk id (byte order).
 *   [] when the query has no indexable term (empty, only stop words).
 * @throws RangeError when k1 < 0 or b is outside [0, 1]; database errors as they come.
 */
export async function bm25Search(
  db: Kysely<DB>,
  q: Bm25Query,
): Promise<{ chunkId: string; score: number }[]> {
  const k1 = q.k1 ?? BM25_DEFAULTS.k1;
  const b = q.b ?? BM25_DEFAULTS.b;
  if (!(k1 >= 0) || !(b >= 0 && b <= 1)) throw new RangeError(`BM25 needs k1 >= 0 and 0 <= b <= 1`);
  const qtf = new Map<string, number>();
  for (const term of analyze(q.query, q.language)) qtf.set(term, (qtf.get(term) ?? 0) + 1);
  if (qtf.size === 0 || q.limit <= 0) return [];
  const terms = [...qtf.keys()];
  const topic = q.topicId
    ? sql`join chunks c on c.id = ct.chunk_id
        join documents d on d.id = c.document_id and d.topic_id = ${q.topicId} and d.company_id = ${q.companyId}`
    : sql``;
  // `stats` and `w` are MATERIALIZED so they run once: inlined, the planner may re-run the
  // aggregate per posting (seen: 2.5 s instead of 5 ms). `w` holds one weight qtf·IDF per query term;
  // each term's postings are then one index range (index-only where the visibility map allows).
  const { rows } = await sql<{ chunk_id: string; score: number }>`
    with q(term, qtf) as (select * from unnest(${terms}::text[], ${[...qtf.values()]}::int[])),
    stats as materialized (
      select count(*)::float8 as n, greatest(avg(lexical_length)::float8, 1e-9) as avgdl
      from chunks where company_id = ${q.companyId}),
    w as materialized (
      select q.term, q.qtf * ln(1 + (s.n - d.df + 0.5) / (d.df + 0.5)) as weight
      from q cross join stats s
      cross join lateral (select count(*)::float8 as df from chunk_terms ct
        where ct.company_id = ${q.companyId} and ct.term = q.term) d
      where d.df > 0),
    scored as (
      select ct.chunk_id, sum(w.weight * ct.tf * (${k1}::float8 + 1)
        / (ct.tf + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * ct.dl / s.avgdl))) as score
      from w join chunk_terms ct on ct.company_id = ${q.companyId} and ct.term = w.term ${topic}
      cross join stats s
      group by ct.chunk_id)
    select chunk_id, score from scored where score > 0
    order by round(score * 1e9) desc, chunk_id collate "C" limit ${q.limit}`.execute(db);
  return rows.map((r) => ({ chunkId: r.chunk_id, score: Number(r.score) }));
}
