/**
 * Reads a dataset in the BEIR layout (https://github.com/beir-cellar/beir, "Data formats"):
 * `corpus.jsonl` ({_id, title, text} per line), `queries.jsonl` ({_id, text} per line) and
 * `qrels/<split>.tsv` (query-id, corpus-id, score; a header line; tabs; LF or CRLF; graded
 * integer scores).
 */
import { createReadStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Qrels } from '../../src/retrieval/metrics.ts';

export interface BeirDocument {
  id: string;
  title: string;
  text: string;
}

export interface BeirQuery {
  id: string;
  text: string;
}

/** Streams `corpus.jsonl` (it can be large); blank lines are skipped. */
export async function* readCorpus(dir: string): AsyncGenerator<BeirDocument> {
  const lines = createInterface({
    input: createReadStream(join(dir, 'corpus.jsonl'), 'utf8'),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as { _id: string | number; title?: string; text?: string };
    yield { id: String(row._id), title: (row.title ?? '').trim(), text: row.text ?? '' };
  }
}

/** All queries of `queries.jsonl`, by id. */
export function readQueries(dir: string): Map<string, BeirQuery> {
  const queries = new Map<string, BeirQuery>();
  for (const line of readFileSync(join(dir, 'queries.jsonl'), 'utf8').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as { _id: string | number; text: string };
    queries.set(String(row._id), { id: String(row._id), text: row.text });
  }
  return queries;
}

/**
 * The judgements of one split (`qrels/test.tsv` by default), in file order. A first line whose
 * score column is not a number is the header and is skipped.
 * @throws on a malformed line (not three tab-separated fields, or a non-integer score).
 */
export function readQrels(dir: string, split = 'test'): Qrels {
  const qrels: Qrels = new Map();
  const lines = readFileSync(join(dir, 'qrels', `${split}.tsv`), 'utf8').split(/\r?\n/);
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const fields = line.split('\t').map((f) => f.trim());
    if (i === 0 && !/^-?\d+$/.test(fields[2] ?? '')) return;
    const [queryId, docId, score] = fields;
    if (fields.length !== 3 || !/^-?\d+$/.test(score!)) {
      throw new Error(`qrels/${split}.tsv line ${i + 1}: expected "query-id<TAB>corpus-id<TAB>score"`);
    }
    const judged = qrels.get(queryId!) ?? new Map<string, number>();
    judged.set(docId!, Number(score));
    qrels.set(queryId!, judged);
  });
  return qrels;
}
