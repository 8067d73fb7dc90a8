/**
 * `npm run bench:retrieval -- --dataset DIR --mode dense|lexical|hybrid|rerank [--fusion rrf|normalized]
 *   [--alpha A] [--candidates N] [--chunk-tokens N] [--overlap-tokens N] [--limit-queries N] [--chunk-limit N]
 *   [--concurrency N] [--keep DIR] [--split test] [--postings-per-term N|all]`
 *
 * Retrieval quality on any dataset in the BEIR layout (scripts/bench/beir.ts). The corpus is
 * indexed through the real pipeline (upload → sniff → parse → chunk → embed → index) into a fresh
 * in-memory PGlite, then every test query goes through `retrieve`, the function behind
 * POST /api/search. Prints a table and, as its last line, one JSON object:
 * {"dataset","mode","ndcg@10","recall@100","mrr@10","queries","p50_ms","p95_ms","index_s"}.
 * p50_ms/p95_ms time the evaluation's `retrieve` calls (`--chunk-limit` chunks each, enough for
 * 100 distinct documents); the table also times each query at the API's default of 10 chunks.
 * `--keep DIR` stores the index in DIR and reuses it on the next run with the same settings:
 * then nothing is indexed and index_s is the figure of the run that built it (flagged in output).
 */
// The server's V8 settings, so the stack measured in this process runs as it does in the server.
import '../src/runtime-flags.ts';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.ts';
import { createContext } from '../src/context.ts';
import { createCompanyWithAdmin } from '../src/auth/auth.service.ts';
import { evaluateRun } from '../src/retrieval/metrics.ts';
import {
  RETRIEVAL_DEFAULTS,
  RerankerUnavailableError,
  type FusionMethod,
  type RetrievalMode,
} from '../src/retrieval/retriever.ts';
import { readCorpus, readQrels, readQueries } from './bench/beir.ts';
import { indexCorpus } from './bench/index-corpus.ts';
import { runQueries } from './bench/run-queries.ts';
import { printReport } from './bench/report.ts';

const { values: args } = parseArgs({
  options: {
    dataset: { type: 'string' },
    mode: { type: 'string', default: RETRIEVAL_DEFAULTS.mode },
    fusion: { type: 'string', default: RETRIEVAL_DEFAULTS.fusion },
    alpha: { type: 'string' },
    'chunk-tokens': { type: 'string' },
    'overlap-tokens': { type: 'string' },
    'limit-queries': { type: 'string' },
    'chunk-limit': { type: 'string' },
    candidates: { type: 'string' },
    'postings-per-term': { type: 'string' },
    concurrency: { type: 'string', default: '2' },
    keep: { type: 'string' },
    split: { type: 'string', default: 'test' },
  },
});
const fail = (message: string): never => {
  process.stderr.write(`bench:retrieval: ${message}\n`);
  process.exit(2);
};
const int = (name: string, raw: string | undefined, min: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return Number.isInteger(n) && n >= min ? n : fail(`--${name} must be an integer ≥ ${min}`);
};

if (!args.dataset) fail('--dataset DIR is required (a folder in the BEIR layout)');
const datasetDir = resolve(args.dataset!);
const mode = args.mode as RetrievalMode;
if (!['dense', 'lexical', 'hybrid', 'rerank'].includes(mode))
  fail('--mode must be dense|lexical|hybrid|rerank');
const fusion = args.fusion as FusionMethod;
if (!['rrf', 'normalized'].includes(fusion)) fail('--fusion must be rrf|normalized');
const alpha = args.alpha === undefined ? undefined : Number(args.alpha);
if (alpha !== undefined && !(alpha >= 0 && alpha <= 1)) fail('--alpha must be in 0..1');
// No cross-encoder ships with Cog-RAG and the context configures none: refuse before indexing.
if (mode === 'rerank') {
  fail(`${new RerankerUnavailableError().message}; use --mode hybrid (the API falls back to it)`);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const maxTokens = int('chunk-tokens', args['chunk-tokens'], 16) ?? config.chunkMaxTokens;
// Same overlap share as the configuration (32/256 by default) unless given.
const overlapTokens =
  int('overlap-tokens', args['overlap-tokens'], 0) ??
  Math.min(
    Math.floor(maxTokens / 2),
    Math.round((config.chunkOverlapTokens * maxTokens) / config.chunkMaxTokens),
  );
const chunking = { maxTokens, overlapTokens };
const limitQueries = int('limit-queries', args['limit-queries'], 1);
const concurrency = int('concurrency', args.concurrency, 1)!;

const qrels = readQrels(datasetDir, args.split);
const allQueries = readQueries(datasetDir);
const queries = [...qrels.entries()]
  .filter(([id, judged]) => allQueries.has(id) && [...judged.values()].some((g) => g > 0))
  .map(([id]) => allQueries.get(id)!)
  .slice(0, limitQueries);
const evaluatedQrels = new Map(queries.map((q) => [q.id, qrels.get(q.id)!]));

const keepDir = args.keep ? resolve(args.keep) : null;
const manifestFile = keepDir ? join(keepDir, 'bench-manifest.json') : null;
const settings = { dataset: datasetDir, chunking, embeddingModel: config.embeddingModel };
type Manifest = typeof settings & {
  indexS: number;
  chunks: number;
  embedS: number;
  maintenanceS: number;
  failed: number;
};
let reused: Manifest | null = null;
if (manifestFile && existsSync(manifestFile)) {
  reused = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const { dataset, chunking: c, embeddingModel } = reused;
  if (JSON.stringify({ dataset, chunking: c, embeddingModel }) !== JSON.stringify(settings)) {
    fail(`--keep ${keepDir} holds an index built with other settings; use another folder`);
  }
}
const dataDir = keepDir ?? mkdtempSync(join(tmpdir(), 'cograg-bench-retrieval-'));
const ctx = await createContext(
  { ...config, dataDir },
  { pgliteDataDir: keepDir ? join(keepDir, 'pglite') : 'memory://' },
);

let companyId: string;
let documentIds: Map<string, string>;
let index: Manifest;
if (reused) {
  companyId = (await ctx.db.selectFrom('companies').select('id').executeTakeFirstOrThrow()).id;
  const rows = await ctx.db
    .selectFrom('documents')
    .select(['id', 'metadata'])
    .where('status', '=', 'VECTORIZED')
    .execute();
  documentIds = new Map(
    rows.map((r) => [String(r.metadata.originalFilename).replace(/\.md$/, ''), r.id] as [string, string]),
  );
  index = reused;
} else {
  const owner = await createCompanyWithAdmin(ctx.db, {
    companyName: `Bench ${basename(datasetDir)}`,
    email: 'bench@example.com',
    password: 'bench password',
    name: 'Bench',
  });
  companyId = owner.companyId;
  const stats = await indexCorpus(ctx, { companyId, userId: owner.id }, readCorpus(datasetDir), {
    chunking,
    concurrency,
  });
  documentIds = stats.documentIds;
  index = {
    ...settings,
    indexS: stats.seconds,
    chunks: stats.chunks,
    embedS: stats.embedSeconds,
    maintenanceS: stats.maintenanceSeconds,
    failed: stats.failed.length,
  };
  for (const f of stats.failed.slice(0, 5)) process.stderr.write(`not indexed: ${f.id}: ${f.reason}\n`);
  if (manifestFile) writeFileSync(manifestFile, JSON.stringify(index, null, 2));
}

const depth = 100;
const chunksPerDoc = index.chunks / Math.max(1, documentIds.size);
// Enough chunks for `depth` distinct documents most of the time (a document's chunks cluster).
const chunkLimit =
  int('chunk-limit', args['chunk-limit'], 1) ??
  Math.min(1000, Math.ceil(depth * Math.max(1, chunksPerDoc) * 1.5));
const beirIdOf = new Map([...documentIds].map(([beirId, id]) => [id, beirId]));
const deps = { db: ctx.db, embedder: ctx.embedder, vectorEnabled: ctx.database.vectorEnabled };
const candidatesPerLeg = int('candidates', args.candidates, 1);
// BM25's per-term budget (bm25-search.ts): a number, or `all` for the exact sum.
const postingsPerTerm =
  args['postings-per-term'] === 'all' ? Infinity : int('postings-per-term', args['postings-per-term'], 1);
const retrieval = {
  mode,
  postingsPerTerm,
  ...(mode === 'hybrid' ? { fusion, denseWeight: alpha, candidatesPerLeg } : {}),
};
const result = await runQueries(deps, companyId, queries, beirIdOf, { ...retrieval, chunkLimit, depth });
const evaluation = evaluateRun(result.run, evaluatedQrels);
await ctx.close();
if (!keepDir) rmSync(dataDir, { recursive: true, force: true });

printReport({
  dataset: datasetDir,
  mode,
  fusion: mode === 'hybrid' ? fusion : null,
  alpha: alpha ?? RETRIEVAL_DEFAULTS.denseWeight,
  split: args.split!,
  chunking,
  index: { ...index, documents: documentIds.size, concurrency, reusedFrom: reused ? keepDir : null },
  chunkLimit,
  depth,
  evaluation,
  result,
});
