/**
 * `node scripts/answers/dump-candidates.ts --out FILE [--split fit|test] [--set squad|fixtures]`:
 * ingests the SQuAD 2.0 half (each article one Markdown document; split by article, see
 * squad.ts) into a kept PGlite under ANSWERS_DATA_DIR, retrieves for every question as chat does,
 * and writes one JSON line per question: question, gold answers, and the retrieved sources
 * (text, document, score). The answerability and span models are fitted on these dumps
 * (fit-answerer.ts), so retrieval runs once, not at every fitting step.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../src/config/index.ts';
import { createContext, ingestDepsOf } from '../../src/context.ts';
import { uploadDocument } from '../../src/documents/documents.service.ts';
import { ingestDocument } from '../../src/ingestion/ingest.ts';
import { maintainIndexes } from '../../src/ingestion/reindex.ts';
import { createCompanyWithAdmin } from '../../src/auth/auth.service.ts';
import { retrieve } from '../../src/retrieval/retriever.ts';
import { squadDocuments, squadQuestions } from './squad.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    split: { type: 'string', default: 'fit' },
    limit: { type: 'string', default: '6' },
  },
});
const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.ANSWERS_DATA_DIR ?? '/tmp/cograg-answers',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
});
const ctx = await createContext(config);
const EMAIL = 'answers@example.com';
let user = await ctx.db
  .selectFrom('users')
  .select(['id', 'company_id'])
  .where('email', '=', EMAIL)
  .executeTakeFirst();
if (!user) {
  const c = await createCompanyWithAdmin(ctx.db, {
    companyName: 'SQuAD',
    email: EMAIL,
    password: 'answers password',
    name: 'A',
  });
  user = { id: c.id, company_id: c.companyId };
}
const have = new Set(
  (
    await ctx.db.selectFrom('documents').select('name').where('company_id', '=', user.company_id).execute()
  ).map((d) => d.name),
);
let added = 0;
for (const doc of squadDocuments()) {
  if (have.has(doc.name)) continue;
  const row = await uploadDocument(ctx, {
    scope: { kind: 'company', companyId: user.company_id },
    userId: user.id,
    filename: doc.name,
    bytes: new TextEncoder().encode(doc.markdown),
  });
  process.stderr.write(`${doc.name}: ${await ingestDocument(ingestDepsOf(ctx), row.id)}\n`);
  added++;
}
if (added) await maintainIndexes(ctx.db);
const lines: string[] = [];
const questions = squadQuestions(values.split as 'fit' | 'test');
let i = 0;
for (const q of questions) {
  const sources = await retrieve(
    { ...ctx, vectorEnabled: ctx.database.vectorEnabled },
    {
      companyId: user.company_id,
      access: { kind: 'company', companyId: user.company_id },
      query: q.question,
      limit: Number(values.limit),
    },
    { mode: 'hybrid' },
  );
  lines.push(
    JSON.stringify({
      ...q,
      sources: sources.map((s) => ({
        text: s.text,
        document: s.documentName,
        score: s.score,
        headingPath: s.headingPath,
      })),
    }),
  );
  if (++i % 200 === 0) process.stderr.write(`${i}/${questions.length}\n`);
}
writeFileSync(values.out ?? `/tmp/squad-${values.split}.jsonl`, lines.join('\n') + '\n');

process.exit(0);
