import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { analyze, type LexicalLanguage } from './analyzer.ts';
import { inTopicFilter, type TopicFilter } from '../../access/scope.ts';
import { PREPARE } from '../../db/prepared-statements.ts';

/**
 * Okapi BM25 parameters. k1 = 0.9, b = 0.4 are Anserini's defaults for its BEIR baselines
 * (SciFact nDCG@10 0.679 with them); Lucene's own defaults are 1.2 / 0.75. k1 saturates term
 * frequency, b sets how much a long chunk is penalised (0 = not at all, 1 = fully).
 */
export const BM25_DEFAULTS = Object.freeze({ k1: 0.9, b: 0.4 });

/**
 * Postings read per common query term, best first by `BM25_IMPACT_SQL`, before the head is
 * re-scored exactly. The rarest terms are read whole while their postings add up to at most
 * `BM25_FULL_READ_FACTOR` times this, so on a corpus where the query's terms are not that common
 * the result is the exact BM25 ranking. Chosen on the 100k-chunk scale corpus and BEIR SciFact
 * (docs/benchmarks.md "BM25 pruning": top-10 agreement with the exact sum, nDCG@10 by budget).
 */
export const BM25_POSTINGS_PER_TERM = 1000;
/** Postings of the rarest terms read whole, as a multiple of the per-term budget. */
export const BM25_FULL_READ_FACTOR = 10;

/**
 * A posting's BM25 term-frequency factor tf / (tf + k1·(1 − b + b·dl/avgdl)) at k1 0.9, b 0.4 and
 * a reference avgdl of 128 terms: 0.54 = k1·(1 − b), 0.0028125 = k1·b / 128. It only orders a
 * term's postings (the same order as the true factor up to the avgdl's drift); scores are always
 * computed with the company's real avgdl. Must stay equal to the expression of
 * `chunk_terms_impact_idx` (migration 0011), or the planner cannot read the index in this order.
 */
export const BM25_IMPACT_SQL =
  'ct.tf::float8 / (ct.tf::float8 + 0.54::float8 + 0.0028125::float8 * ct.dl::float8)';

export interface Bm25Query {
  companyId: string;
  query: string;
  /** Only chunks of documents in this topic; N, df and avgdl stay company-wide. */
  topicId?: string;
  /** Only chunks of documents these topics (the caller's access, src/access/); wins over topicId. */
  topics?: TopicFilter | null;
  /** Chunks to return, best first. */
  limit: number;
  language: LexicalLanguage;
  k1?: number;
  b?: number;
  /**
   * Postings read per term (default `BM25_POSTINGS_PER_TERM`); `Infinity` reads them all (the
   * exact sum, as a topic filter always does).
   */
  postingsPerTerm?: number;
}

/**
 * Okapi BM25 over the company's chunks, in one SQL statement (same numbers on PGlite and
 * PostgreSQL). For each query term t with query frequency qtf:
 *   score += qtf · IDF(t) · tf·(k1+1) / (tf + k1·(1 − b + b·dl/avgdl))
 *   IDF(t) = ln(1 + (N − df + 0.5) / (df + 0.5))
 * (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009; IDF as in
 * Lucene's BM25Similarity.) N = company chunks, df = company chunks holding t, dl =
 * `chunks.lexical_length`, avgdl = mean dl, read from `lexical_stats` (migration 0011).
 *
 * Pruning (impact-ordered retrieval with a per-term budget, then exact scoring of the head —
 * Anh & Moffat, "Pruned query evaluation using pre-computed impacts", SIGIR 2006): the rarest
 * terms (highest IDF) are read whole while their postings add up to ≤ `BM25_FULL_READ_FACTOR` ×
 * `postingsPerTerm`; every other term gives only its `postingsPerTerm` best postings
 * (`chunk_terms_impact_idx`). Each chunk found gets a partial score; the best max(3·limit, 100)
 * are then scored exactly from all their postings. A chunk can be missed only if all it matches
 * of the query is common, low-IDF terms on which it ranks below their budget — the terms MaxScore
 * (Turtle & Flood 1995) also treats as non-essential. With a topic filter every posting is read
 * (the topic's chunks may all lie below).
 * @returns up to `limit` chunks with score > 0, best first, exact BM25 scores; ties by chunk id
 *   (byte order). [] when the query has no indexable term (empty, only stop words).
 * @throws RangeError when k1 < 0, b is outside [0, 1] or postingsPerTerm < 1; database errors.
 */
export async function bm25Search(
  db: Kysely<DB>,
  q: Bm25Query,
): Promise<{ chunkId: string; score: number }[]> {
  const k1 = q.k1 ?? BM25_DEFAULTS.k1;
  const b = q.b ?? BM25_DEFAULTS.b;
  const topics =
    q.topics !== undefined ? q.topics : q.topicId ? { topicIds: [q.topicId], unfiled: false } : null;
  const budget = topics ? Infinity : (q.postingsPerTerm ?? BM25_POSTINGS_PER_TERM);
  if (!(k1 >= 0) || !(b >= 0 && b <= 1)) throw new RangeError(`BM25 needs k1 >= 0 and 0 <= b <= 1`);
  if (!(budget >= 1)) throw new RangeError('BM25 needs postingsPerTerm >= 1');
  const qtf = new Map<string, number>();
  for (const term of analyze(q.query, q.language)) qtf.set(term, (qtf.get(term) ?? 0) + 1);
  if (qtf.size === 0 || q.limit <= 0) return [];
  const terms = [...qtf.keys()];
  const factor = (tf: RawBuilder<unknown>, dl: RawBuilder<unknown>) =>
    sql`${tf} * (${k1}::float8 + 1) / (${tf} + ${k1}::float8 * (1 - ${b}::float8 + ${b}::float8 * ${dl} / s.avgdl))`;
  const scoring = Number.isFinite(budget)
    ? pruned(q.companyId, Math.floor(budget), Math.max(3 * q.limit, 100), factor)
    : exhaustive(q.companyId, topics, factor);
  // `st`, `stats` and `w` are MATERIALIZED so they run once: inlined, the planner may re-run an
  // aggregate per posting (seen: 2.5 s instead of 5 ms). Its text is fixed per variant (arrays,
  // not lists), so PostgreSQL parses and plans it once per connection (PREPARE).
  const { rows } = await sql<{ chunk_id: string; score: number }>`${sql.raw(PREPARE)}
    with q(term, qtf) as (select * from unnest(${terms}::text[], ${[...qtf.values()]}::int[])),
    st as materialized (
      select term, sum(df)::float8 as df, sum(total_length)::float8 as total_length
      from lexical_stats where company_id = ${q.companyId} and term = any(${['', ...terms]}::text[])
      group by term),
    stats as materialized (
      select coalesce(max(df) filter (where term = ''), 0) as n,
        greatest(coalesce(max(total_length / nullif(df, 0)) filter (where term = ''), 0), 1e-9) as avgdl
      from st),
    w as materialized (
      select q.term, st.df, q.qtf * ln(1 + (s.n - st.df + 0.5) / (st.df + 0.5)) as weight
      from q join st on st.term = q.term cross join stats s
      where st.df > 0),
    ${scoring}
    select chunk_id, score from scored where score > 0
    order by round(score * 1e9) desc, chunk_id collate "C" limit ${q.limit}`.execute(db);
  return rows.map((r) => ({ chunkId: r.chunk_id, score: Number(r.score) }));
}

type Factor = (tf: RawBuilder<unknown>, dl: RawBuilder<unknown>) => RawBuilder<unknown>;

/** `scored`: every posting of every query term summed (optionally within readable topics). */
function exhaustive(companyId: string, topics: TopicFilter | null, factor: Factor): RawBuilder<unknown> {
  const topic = topics
    ? sql`join chunks c on c.id = ct.chunk_id
        join documents d on d.id = c.document_id and d.company_id = ${companyId}
          and ${inTopicFilter(topics, sql.ref('d.topic_id'))}`
    : sql``;
  return sql`scored as (
      select ct.chunk_id, sum(w.weight * ${factor(sql`ct.tf`, sql`ct.dl`)}) as score
      from w join chunk_terms ct on ct.company_id = ${companyId} and ct.term = w.term ${topic}
      cross join stats s
      group by ct.chunk_id)`;
}

/**
 * `plan`: each term's reading cap — none for the rarest terms while their df add up to
 * ≤ BM25_FULL_READ_FACTOR × budget, else `budget`. `hits`: each term's postings up to its cap,
 * best by impact first, summed per chunk, the best `head` by this partial score kept (ordering by
 * an NRA-style upper bound instead — partial + the capped terms' last-read contributions where
 * unseen — agreed less with the exact top 10 on the scale corpus: 0.876 against 0.926); `scored`: those chunks' exact
 * scores: the uncapped terms' part is already exact in `hits` (all their postings were read, so a
 * chunk missing from them has tf 0 there), and each capped term's posting is probed — nested
 * lateral subqueries, so each is head × capped terms probes of the whole primary key (before,
 * every term was probed: 1,500 probes, 16.6 of a 34 ms query at 100k chunks) (as a join, the planner hashed the terms' whole
 * posting ranges, 15k postings read for 200 needed; with the term not pinned per probe it scanned
 * the company's key range for each chunk: 185 ms on 32k postings). `limit 1` keeps each subquery
 * from being flattened back into a join.
 */
function pruned(companyId: string, budget: number, head: number, factor: Factor): RawBuilder<unknown> {
  return sql`plan as materialized (
      select w.term, w.weight,
        case when sum(w.df) over (order by w.df, w.term rows unbounded preceding)
          <= ${budget * BM25_FULL_READ_FACTOR} then null else ${budget}::int end as cap
      from w),
    hits as materialized (
      select p.chunk_id, sum(plan.weight * p.f) as partial,
        sum(plan.weight * p.f) filter (where plan.cap is null) as uncapped
      from plan cross join stats s
      cross join lateral (
        select ct.chunk_id, ${factor(sql`ct.tf`, sql`ct.dl`)} as f from chunk_terms ct
        where ct.company_id = ${companyId} and ct.term = plan.term
        order by ${sql.raw(BM25_IMPACT_SQL)} desc limit plan.cap) p
      group by p.chunk_id
      order by partial desc, p.chunk_id collate "C" limit ${head}),
    scored as (
      select h.chunk_id, coalesce(h.uncapped, 0) + coalesce(e.capped, 0) as score from hits h
      cross join lateral (
        select sum(plan.weight * ${factor(sql`x.tf`, sql`x.dl`)}) as capped
        from plan cross join stats s
        cross join lateral (
          select ct.tf, ct.dl from chunk_terms ct
          where ct.company_id = ${companyId} and ct.term = plan.term and ct.chunk_id = h.chunk_id
          limit 1) x
        where plan.cap is not null) e)`;
}
