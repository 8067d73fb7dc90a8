/**
 * `npm run bench:chat [-- --dir DIR] [--repeat N] [--every K]`: indexes the documents folder (once; kept in
 * BENCH_CHAT_DATA_DIR), starts the real app on a local port and asks the question set of
 * test/fixtures/questions.json through `POST /api/chat/stream`, with the provider LLM_PROVIDER
 * selects. Prints time to first token (p50/p95, ms, measured from the request to the first
 * `token` event), tokens/s after the first, and answer quality: expected fact found,
 * right-document citations, refusals of unanswerable questions, share of answers with citations.
 * `--every K` asks every K-th question of each list (the 1st, (K+1)th, …): a documented subset
 * for models too slow on the machine to answer the whole set in reasonable time; `--no-warmup`
 * skips the untimed first question (a whole prompt evaluation with a language model).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createParser } from 'eventsource-parser';
import { loadConfig } from '../src/config/index.ts';
import { createContext, ingestDepsOf } from '../src/context.ts';
import { buildApp } from '../src/app.ts';
import { uploadDocument } from '../src/documents/documents.service.ts';
import { ingestDocument } from '../src/ingestion/ingest.ts';
import { maintainIndexes } from '../src/ingestion/reindex.ts';
import { createCompanyWithAdmin } from '../src/auth/auth.service.ts';
import { loadQuestionSet, scoreAnswers, type ObservedAnswer } from './bench/answer-quality.ts';
import { percentile } from './bench/run-queries.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string' },
    repeat: { type: 'string', default: '1' },
    every: { type: 'string', default: '1' },
    'no-warmup': { type: 'boolean', default: false },
  },
});
const dir = resolve(values.dir ?? '../shared/datasets/documents');
const repeat = Math.max(1, Number(values.repeat));
const EMAIL = 'bench-chat@example.com';
const PASSWORD = 'bench chat password';

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.BENCH_CHAT_DATA_DIR ?? '/tmp/cograg-bench-chat',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_ENABLED: 'false',
});
const ctx = await createContext(config);
let user = await ctx.db
  .selectFrom('users')
  .select(['id', 'company_id'])
  .where('email', '=', EMAIL)
  .executeTakeFirst();
if (!user) {
  const created = await createCompanyWithAdmin(ctx.db, {
    companyName: 'Bench chat',
    email: EMAIL,
    password: PASSWORD,
    name: 'B',
  });
  user = { id: created.id, company_id: created.companyId };
}
const indexed = new Set(
  (
    await ctx.db.selectFrom('documents').select('name').where('company_id', '=', user.company_id).execute()
  ).map((d) => d.name),
);
const files = (function walk(d: string): string[] {
  return readdirSync(d)
    .sort()
    .flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
})(dir);
let added = 0;
for (const path of files) {
  if (indexed.has(basename(path))) continue;
  try {
    const doc = await uploadDocument(ctx, {
      scope: { kind: 'company', companyId: user.company_id },
      userId: user.id,
      filename: basename(path),
      bytes: new Uint8Array(readFileSync(path)),
    });
    const outcome = await ingestDocument(ingestDepsOf(ctx), doc.id);
    process.stderr.write(`indexed ${basename(path)}: ${outcome}\n`);
    added++;
  } catch (err) {
    process.stderr.write(`skipped ${basename(path)}: ${(err as Error).message}\n`);
  }
}
if (added) await maintainIndexes(ctx.db);
const vectorized = await ctx.db
  .selectFrom('documents')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('company_id', '=', user.company_id)
  .where('status', '=', 'VECTORIZED')
  .executeTakeFirstOrThrow();

const app = await buildApp(ctx, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
const login = (await (
  await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  })
).json()) as { data: { accessToken: string } };
const auth = { authorization: `Bearer ${login.data.accessToken}` };

interface Timed extends ObservedAnswer {
  ttftMs: number | null;
  tokens: number;
  streamMs: number;
}

/** Asks one question over SSE; times the first token event and the stream after it. */
async function ask(question: string): Promise<Timed> {
  const started = performance.now();
  const res = await fetch(`${base}/chat/stream`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ message: question }),
  });
  let text = '';
  let ttft: number | null = null;
  let tokens = 0;
  let cited = new Set<string>();
  let sources: { name: string; chunks: { citation: number }[] }[] = [];
  const parser = createParser({
    onEvent(e) {
      const event = JSON.parse(e.data) as Record<string, unknown>;
      if (event.type === 'token') {
        ttft ??= performance.now() - started;
        tokens++;
        text += event.content as string;
      } else if (event.type === 'sources') sources = event.sources as typeof sources;
      else if (event.type === 'done') {
        const used = Object.keys(event.citationMap as object).map(Number);
        cited = new Set(
          sources.filter((s) => s.chunks.some((c) => used.includes(c.citation))).map((s) => s.name),
        );
      }
    },
  });
  const decoder = new TextDecoder();
  for await (const part of res.body!) parser.feed(decoder.decode(part as Uint8Array, { stream: true }));
  const total = performance.now() - started;
  return { text, citedDocuments: [...cited], ttftMs: ttft, tokens, streamMs: total - (ttft ?? total) };
}

const every = Math.max(1, Number(values.every));
const full = loadQuestionSet();
const set = {
  answerable: full.answerable.filter((_, i) => i % every === 0),
  unanswerable: full.unanswerable.filter((_, i) => i % every === 0),
};
const benchStarted = performance.now();
/** One line per answer on stderr, so a slow model's run can be followed. */
async function progress(a: Timed): Promise<Timed> {
  process.stderr.write(
    `answer: first token ${a.ttftMs?.toFixed(0) ?? '-'} ms, ${a.tokens} tokens in ${(a.streamMs / 1000).toFixed(1)} s after it, load ${loadavg()[0]!.toFixed(1)}\n`,
  );
  return a;
}
const ttfts: number[] = [];
let tokens = 0;
let streamMs = 0;
let answerable: Timed[] = [];
let unanswerable: Timed[] = [];
// The warm-up costs a whole generation with a language model; `--no-warmup` skips it for slow ones.
if (!values['no-warmup']) await ask('warm-up question about the documents');
for (let r = 0; r < repeat; r++) {
  answerable = [];
  unanswerable = [];
  for (const q of set.answerable) answerable.push(await progress(await ask(q.q)));
  for (const q of set.unanswerable) unanswerable.push(await progress(await ask(q.q)));
  for (const a of [...answerable, ...unanswerable]) {
    if (a.ttftMs !== null) ttfts.push(a.ttftMs);
    tokens += Math.max(0, a.tokens - 1);
    streamMs += a.streamMs;
  }
}
if (process.env.BENCH_CHAT_VERBOSE)
  for (const [i, a] of [...answerable, ...unanswerable].entries())
    console.log(`${i + 1}. ${a.text.slice(0, 200)}  ← ${a.citedDocuments.join(', ')}`);
const quality = scoreAnswers(set, answerable, unanswerable);
await app.close();
await ctx.close();

const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
console.log(
  `provider ${ctx.llm.name}${ctx.llm.model ? ` (${ctx.llm.model})` : ''}, ${vectorized.n} documents indexed, ${set.answerable.length + set.unanswerable.length} questions × ${repeat}${every > 1 ? ` (every ${every}th of ${full.answerable.length} + ${full.unanswerable.length})` : ''}, ${((performance.now() - benchStarted) / 1000).toFixed(0)} s, load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
console.log(
  `time to first token  p50 ${percentile(ttfts, 50).toFixed(0)} ms  p95 ${percentile(ttfts, 95).toFixed(0)} ms`,
);
console.log(`tokens/s after first ${streamMs ? ((tokens / streamMs) * 1000).toFixed(0) : '-'}`);
console.log(
  `answerable (${quality.answerable}): fact found ${pct(quality.correct)}, right-document citation ${pct(quality.rightDocument)}, refused ${pct(quality.falseRefusals)}`,
);
console.log(`unanswerable (${quality.unanswerable}): refused ${pct(quality.refused)}`);
console.log(`answers with a citation: ${pct(quality.citedShare)}`);
console.log(
  JSON.stringify({
    provider: ctx.llm.name,
    model: ctx.llm.model,
    documents: Number(vectorized.n),
    ttftP50Ms: +percentile(ttfts, 50).toFixed(1),
    ttftP95Ms: +percentile(ttfts, 95).toFixed(1),
    tokensPerS: streamMs ? +((tokens / streamMs) * 1000).toFixed(1) : null,
    every,
    ...quality,
    loadAverage: loadavg().map((x) => +x.toFixed(1)),
  }),
);
