/**
 * `npm run bench:answers [-- --set fixtures|dev|squad|all] [--split test|fit] [--per-class N]
 * [--questions FILE] [--provider NAME] [--limit N] [--every N] [--json out.json] [--keep DIR]
 * [--verbose]`: the evaluation engine (src/evaluations/) on the shipped question sets, in process
 * on a PGlite database, each question asked exactly as `POST /api/chat/message` answers it.
 * Prints the totals of docs/evaluations.md beside two baselines measured on the same retrieval in
 * the same run ("always refuse", "quote the top sentence of the top chunk"). See
 * docs/benchmarks.md "Answers (bench:answers)".
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.ts';
import { chatDepsOf, createContext, ingestDepsOf, type AppContext } from '../src/context.ts';
import { uploadDocument } from '../src/documents/documents.service.ts';
import { ingestDocument } from '../src/ingestion/ingest.ts';
import { maintainIndexes } from '../src/ingestion/reindex.ts';
import { createCompanyWithAdmin } from '../src/auth/auth.service.ts';
import { principalOfUser, runQuestion, type UserPrincipal } from '../src/evaluations/runner.ts';
import { settingsSnapshot } from '../src/evaluations/settings.ts';
import type { Question } from '../src/evaluations/question-set.ts';
import { computeTotals, type QuestionResult } from '../src/evaluations/totals.ts';
import { loadFixtureSet, loadSetFile, loadSquad } from './bench/answer-sets.ts';
import { quoteTopSentence, refuseAll } from './bench/answer-baselines.ts';
import { printTotals } from './bench/answer-report.ts';

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'all' },
    split: { type: 'string', default: 'test' },
    'per-class': { type: 'string', default: '200' },
    questions: { type: 'string' },
    provider: { type: 'string' },
    limit: { type: 'string' },
    every: { type: 'string', default: '1' },
    json: { type: 'string' },
    keep: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
if (!['fixtures', 'dev', 'squad', 'all'].includes(values.set!))
  throw new Error('--set: fixtures|dev|squad|all');
if (!['test', 'fit'].includes(values.split!)) throw new Error('--split: test|fit');
const DATASETS = resolve(process.env.DATASETS_DIR ?? '../shared/datasets');
const dataDir = values.keep ? resolve(values.keep) : mkdtempSync(join(tmpdir(), 'cograg-bench-answers-'));
const config = loadConfig({
  ...process.env,
  ...(values.provider ? { LLM_PROVIDER: values.provider } : {}),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
});
const ctx = await createContext(config);

/** The bench company `key` (created on first use; reused from a --keep data dir) and its admin. */
async function companyOf(ctx: AppContext, key: string): Promise<UserPrincipal> {
  const email = `bench-answers-${key}@example.com`;
  let user = await ctx.db
    .selectFrom('users')
    .select(['id', 'company_id'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) {
    const created = await createCompanyWithAdmin(ctx.db, {
      companyName: `Bench answers ${key}`,
      email,
      password: 'bench answers password',
      name: 'Bench',
    });
    user = { id: created.id, company_id: created.companyId };
  }
  return (await principalOfUser(ctx.db, user.company_id, user.id))!;
}

/** Uploads and ingests the documents the company does not hold yet (by name). */
async function ingest(principal: UserPrincipal, docs: { name: string; bytes: () => Uint8Array }[]) {
  const held = new Set(
    (
      await ctx.db
        .selectFrom('documents')
        .select('name')
        .where('company_id', '=', principal.companyId)
        .execute()
    ).map((d) => d.name),
  );
  let added = 0;
  for (const doc of docs.filter((d) => !held.has(d.name))) {
    try {
      const row = await uploadDocument(ctx, {
        scope: { kind: 'company', companyId: principal.companyId },
        userId: principal.userId,
        filename: doc.name,
        bytes: doc.bytes(),
      });
      process.stderr.write(`indexed ${doc.name}: ${await ingestDocument(ingestDepsOf(ctx), row.id)}\n`);
      added++;
    } catch (err) {
      process.stderr.write(`skipped ${doc.name}: ${(err as Error).message}\n`);
    }
  }
  if (added) await maintainIndexes(ctx.db);
}

const walk = (d: string): string[] =>
  readdirSync(d)
    .sort()
    .flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));

/** --every then --limit, as documented subsets for slow providers. */
function subset(questions: Question[]): Question[] {
  const every = Math.max(1, Number(values.every));
  const picked = questions.filter((_, i) => i % every === 0);
  return values.limit ? picked.slice(0, Math.max(0, Number(values.limit))) : picked;
}

interface SetRun {
  name: string;
  engine: QuestionResult[];
  refuse: QuestionResult[];
  top: QuestionResult[];
  records: unknown[];
}

/** Asks every question of a set as `principal`; baselines on the same sources. */
async function runSet(name: string, principal: UserPrincipal, questions: Question[]): Promise<SetRun> {
  const deps = chatDepsOf(ctx);
  const settings = await settingsSnapshot(deps, principal.companyId);
  const run: SetRun = {
    name: `${name} [topK ${settings.topK}, ${settings.retrievalMode}]`,
    engine: [],
    refuse: [],
    top: [],
    records: [],
  };
  // Untimed: the first question pays for loading the model and warming the database's caches.
  await runQuestion(deps, principal, { ...questions[0]!, history: [] });
  for (const question of subset(questions)) {
    const result = await runQuestion(deps, principal, question);
    const { sources, retrieved, ...engine } = result;
    run.engine.push(engine);
    run.refuse.push(refuseAll(question, result));
    // The retriever's best chunk: what "[1]" pointed at when every source was numbered.
    run.top.push(quoteTopSentence(question, result, retrieved[0] ?? null));
    if (values.json)
      run.records.push({
        set: name,
        ...engine,
        baselineTopSentence: run.top.at(-1)!.answer,
        settings,
        // The sources event as sent (it may list only the cited chunks), and every retrieved chunk
        // in rank order with its fused score and text.
        sourcesEvent: sources,
        retrieved: retrieved.map((c, i) => ({
          rank: i + 1,
          chunkId: c.chunkId,
          documentName: c.documentName,
          score: c.score,
          page: c.pageStart,
          headingPath: c.headingPath,
          text: c.text,
        })),
      });
    if (values.verbose)
      process.stderr.write(
        `${question.id} ${result.scores.contains ?? (result.refused ? 'refused' : 'answered')} ${result.latencyMs.toFixed(0)} ms | ${question.question.slice(0, 80)} → ${result.answer.replace(/\s+/g, ' ').slice(0, 160)}\n`,
      );
  }
  return run;
}

const want = (s: string) => values.set === 'all' || values.set === s;
const runs: SetRun[] = [];
const started = performance.now();
if (values.questions || want('fixtures') || want('dev')) {
  const docs = await companyOf(ctx, 'documents');
  await ingest(
    docs,
    walk(join(DATASETS, 'documents')).map((p) => ({
      name: basename(p),
      bytes: () => new Uint8Array(readFileSync(p)),
    })),
  );
  if (values.questions)
    runs.push(await runSet(basename(values.questions), docs, loadSetFile(values.questions)));
  else {
    if (want('fixtures')) runs.push(await runSet('fixtures (test)', docs, loadFixtureSet('questions')!));
    const dev = want('dev') ? loadFixtureSet('dev') : null;
    if (dev) runs.push(await runSet('fixtures (dev)', docs, dev));
    else if (values.set === 'dev')
      process.stderr.write('test/fixtures/answers/dev.jsonl does not exist yet\n');
  }
}
if (!values.questions && want('squad')) {
  const squad = loadSquad(
    join(DATASETS, 'squad2/dev-half-a.json'),
    values.split as 'fit' | 'test',
    Number(values['per-class']),
  );
  const company = await companyOf(ctx, 'squad');
  await ingest(
    company,
    squad.documents.map((d) => ({ name: d.name, bytes: () => new TextEncoder().encode(d.markdown) })),
  );
  runs.push(await runSet(`SQuAD 2.0 half, ${values.split} split`, company, squad.questions));
}

console.log(
  `provider ${ctx.llm.name}${ctx.llm.model ? ` (${ctx.llm.model})` : ''}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
for (const run of runs)
  printTotals(run.name, [
    [ctx.llm.name, computeTotals(run.engine)],
    ['always refuse', computeTotals(run.refuse)],
    ['top sentence', computeTotals(run.top)],
  ]);
if (values.json) {
  writeFileSync(
    values.json,
    JSON.stringify(
      runs.flatMap((r) => r.records),
      null,
      1,
    ),
  );
  console.log(`per-question results: ${values.json}`);
}
await ctx.close();
if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
