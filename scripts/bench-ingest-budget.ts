/**
 * `node scripts/bench-ingest-budget.ts [--dir DIR] [--runs N]`: the times the ingestion budget
 * (INGEST_BUDGET_*, docs/ingestion.md "The budget") is sized from. Every file of DIR (default
 * ../shared/datasets/documents) goes through the worker's own path — upload, then
 * `ingestDocument` with the sandboxed parse, chunking, embedding on the embedding thread and
 * indexing into an in-memory PGlite — and the script prints, per file, its size, chunks, the
 * parse and chunking (until the first embedding call), the embedding and the whole attempt in ms
 * (the worst of N runs), and both deadlines of the configured budget with their headroom
 * (deadline ÷ time).
 */
import '../src/runtime-flags.ts';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.ts';
import { createContext, ingestDepsOf } from '../src/context.ts';
import { sniffFormat } from '../src/ingestion/sniff.ts';
import { uploadDocument } from '../src/documents/documents.service.ts';
import { ingestDocument } from '../src/ingestion/ingest.ts';
import { budgetMs } from '../src/ingestion/budget.ts';
import { withEmbedThread } from '../src/ingestion/embed-thread.ts';
import { createCompanyWithAdmin } from '../src/auth/auth.service.ts';

const { values } = parseArgs({ options: { dir: { type: 'string' }, runs: { type: 'string' } } });
const dir = resolve(values.dir ?? '../shared/datasets/documents');
const runs = Number(values.runs ?? 1);
const files = (function walk(d: string): string[] {
  return readdirSync(d)
    .sort()
    .flatMap((name) => (statSync(join(d, name)).isDirectory() ? walk(join(d, name)) : [join(d, name)]));
})(dir);

const config = loadConfig({ ...process.env, DATA_DIR: '/tmp/cograg-budget-bench', LOG_LEVEL: 'silent' });
const ctx = await createContext(config, { pgliteDataDir: 'memory://' });
const embedder = withEmbedThread(ctx.embedder, {
  modelsDir: config.modelsDir,
  modelId: config.embeddingModel,
  options: config.embed,
});
const user = await createCompanyWithAdmin(ctx.db, {
  companyName: 'Bench',
  email: 'bench@example.com',
  password: 'bench password',
  name: 'B',
});
let parseMs = 0;
let embedMs = 0;
let firstEmbedAt: number | null = null;
const base = ingestDepsOf(ctx);
const deps = {
  ...base,
  // No hand-over: one slice per document, timed whole.
  slicing: undefined,
  parse: async (...args: Parameters<typeof base.parse>) => {
    const t = performance.now();
    try {
      return await base.parse(...args);
    } finally {
      parseMs += performance.now() - t;
    }
  },
  embedder: {
    ...embedder,
    count: (text: string) => embedder.count(text),
    embedQuery: (text: string) => embedder.embedQuery(text),
    embedDocuments: async (texts: string[]) => {
      const t = performance.now();
      firstEmbedAt ??= t;
      try {
        return await embedder.embedDocuments(texts);
      } finally {
        embedMs += performance.now() - t;
      }
    },
  },
};
console.log(
  'file | bytes | chunks | parse ms | parse+chunk ms | embed ms | attempt ms | parse budget s (headroom) | budget s (headroom)',
);
let worst = Infinity;
for (const path of files) {
  const bytes = new Uint8Array(readFileSync(path));
  const name = relative(dir, path);
  const sniffed = await sniffFormat(bytes, name);
  if (!sniffed) continue;
  const worstOf = { parse: 0, prepare: 0, embed: 0, total: 0, chunks: 0, outcome: '' };
  for (let run = 0; run < runs; run++) {
    const doc = await uploadDocument(ctx, {
      scope: { kind: 'company', companyId: user.companyId },
      userId: user.id,
      filename: name,
      bytes,
    });
    parseMs = embedMs = 0;
    firstEmbedAt = null;
    const t = performance.now();
    worstOf.outcome = await ingestDocument(deps, doc.id);
    const total = performance.now() - t;
    worstOf.prepare = Math.max(worstOf.prepare, (firstEmbedAt ?? performance.now()) - t);
    const row = await ctx.db
      .selectFrom('documents')
      .select('chunk_count')
      .where('id', '=', doc.id)
      .executeTakeFirstOrThrow();
    worstOf.chunks = row.chunk_count ?? 0;
    worstOf.parse = Math.max(worstOf.parse, parseMs);
    worstOf.embed = Math.max(worstOf.embed, embedMs);
    worstOf.total = Math.max(worstOf.total, total);
  }
  const parseBudget = budgetMs(config.ingestBudget, sniffed.format, bytes.length, null);
  const budget = budgetMs(config.ingestBudget, sniffed.format, bytes.length, worstOf.chunks);
  worst = Math.min(worst, parseBudget / worstOf.prepare, budget / worstOf.total);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(
    [
      name,
      bytes.length,
      worstOf.chunks,
      Math.round(worstOf.parse),
      Math.round(worstOf.prepare),
      Math.round(worstOf.embed),
      Math.round(worstOf.total),
      `${s(parseBudget)} (${(parseBudget / worstOf.prepare).toFixed(1)}×)`,
      `${s(budget)} (${(budget / worstOf.total).toFixed(1)}×)${worstOf.outcome === 'vectorized' ? '' : ` ${worstOf.outcome}`}`,
    ].join(' | '),
  );
}
console.log(`smallest headroom ${worst.toFixed(1)}×`);
await embedder.close();
await ctx.close();
