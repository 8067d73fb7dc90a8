import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { analyzeChunk, insertPostings } from '../../src/retrieval/lexical/bm25.ts';

/** Okapi BM25 by the book (Robertson & Zaragoza 2009; Lucene's IDF), k1 = 0.9, b = 0.4. */
export const idf = (n: number, df: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));
export const tfPart = (tf: number, dl: number, avgdl: number, k1 = 0.9, b = 0.4) =>
  (tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * dl) / avgdl));

export interface SeedDoc {
  id: string;
  topicId?: string;
  chunks: [id: string, text: string][];
}

/** Inserts a company, its topics, documents and chunks, and their postings, as ingestion does. */
export async function seed(db: Kysely<DB>, companyId: string, docs: SeedDoc[]) {
  await db.insertInto('companies').values({ id: companyId, name: companyId, settings: '{}' }).execute();
  for (const topicId of new Set(docs.flatMap((d) => d.topicId ?? []))) {
    await db.insertInto('topics').values({ id: topicId, company_id: companyId, name: topicId }).execute();
  }
  for (const doc of docs) {
    await db
      .insertInto('documents')
      .values({
        ...{ id: doc.id, company_id: companyId, topic_id: doc.topicId ?? null, name: doc.id, format: 'txt' },
        ...{ mime_type: 'text/plain', size_bytes: 1, sha256: '-', storage_key: '-', status: 'VECTORIZED' },
        metadata: '{}',
      })
      .execute();
    const analyzed = doc.chunks.map(([id, text]) => analyzeChunk(id, text, 'en'));
    await db
      .insertInto('chunks')
      .values(
        doc.chunks.map(([id, text], i) => ({
          ...{ id, company_id: companyId, document_id: doc.id, chunk_index: i, text, token_count: 1 },
          ...{ heading_path: '[]', lexical_length: analyzed[i]!.length, embedding: null },
        })),
      )
      .execute();
    await insertPostings(db, companyId, analyzed);
  }
}

/** A deterministic corpus with repeated texts (exact ties) from a small vocabulary. */
export function corpus(): SeedDoc[] {
  const words = 'heart cell protein gene insulin tumor mouse brain blood vitamin dose risk'.split(' ');
  let x = 42;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: 12 }, (_, d) => ({
    id: `doc_${d}`,
    topicId: d % 3 === 0 ? 'top_x' : undefined,
    chunks: Array.from({ length: 5 }, (_, c): [string, string] => {
      const n = 3 + (next() % 12);
      const text = Array.from({ length: n }, () => words[next() % words.length]).join(' ');
      return [`chk_${d}_${c}`, c === 4 ? 'insulin dose risk' : text];
    }),
  }));
}
