/**
 * `npm run bench:embed`: chunks/s of the service's embedder on ~CHUNK_MAX_TOKENS-token texts cut
 * from the documents folder, side by side with Python ONNX Runtime on the same model file, the
 * same tokenizer and the same batching (scripts/bench/embed-ort.py; `npm run bench:setup-python`
 * installs it in .venv-bench). Runs are interleaved so a busy machine slows both alike:
 * - before: the old policy (2 threads, batches of 32 in input order);
 * - after: the configured policy (EMBED_THREADS, EMBED_BATCH_SIZE, EMBED_BATCH_TOKENS, length-sorted);
 * - a sweep of batch caps at the configured threads;
 * - Python ONNX Runtime with the configured policy; the ratio is Node ÷ Python.
 * Then the latency of a search query while documents are being embedded.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/config/index.ts';
import { loadTransformersEmbedder, type EmbedderOptions } from '../src/embeddings/transformers.embedder.ts';
import { percentile } from './bench/run-queries.ts';

const config = loadConfig();
const REPEAT = Number(process.env.BENCH_EMBED_REPEAT ?? 2);
const dir = resolve('../shared/datasets/documents/md');
const corpus = readdirSync(dir)
  .map((f) => readFileSync(join(dir, f), 'utf8'))
  .join(' ')
  .replace(/\s+/g, ' ');
const approxChars = config.chunkMaxTokens * 4;
const texts = Array.from({ length: 96 }, (_, i) => corpus.slice(i * approxChars, (i + 1) * approxChars));
const modelDir = join(config.modelsDir, config.embeddingModel);
const python = resolve('.venv-bench/bin/python');
const textsFile = join(mkdtempSync(join(tmpdir(), 'bench-embed-')), 'texts.json');
writeFileSync(textsFile, JSON.stringify(texts));

async function nodeRate(options: EmbedderOptions): Promise<number> {
  const embedder = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, options);
  await embedder.embedDocuments(texts.slice(0, 2));
  const started = performance.now();
  for (let r = 0; r < REPEAT; r++) await embedder.embedDocuments(texts);
  return (texts.length * REPEAT) / ((performance.now() - started) / 1000);
}

function pythonRate(options: EmbedderOptions): number | null {
  if (!existsSync(python)) return null;
  const out = execFileSync(
    python,
    [
      'scripts/bench/embed-ort.py',
      modelDir,
      textsFile,
      String(options.threads),
      String(options.batchSize),
      String(options.batchTokens),
      String(REPEAT),
    ],
    { encoding: 'utf8' },
  );
  return (JSON.parse(out.trim().split('\n').pop()!) as { chunksPerS: number }).chunksPerS;
}

const after = config.embed;
const before: EmbedderOptions = { threads: 2, batchSize: 32, batchTokens: Number.MAX_SAFE_INTEGER };
const fmt = (x: number | null) => (x === null ? '   n/a' : x.toFixed(1).padStart(6));
console.log(
  `${texts.length} texts of ~${config.chunkMaxTokens} tokens × ${REPEAT}, model ${config.embeddingModel}`,
);
const rows: { label: string; node: number; python: number | null }[] = [];
for (const [label, options] of [
  ['before: 2 threads, batch 32, input order', before],
  [`after: ${after.threads} threads, ≤${after.batchSize} texts, ≤${after.batchTokens} tokens, sorted`, after],
  ...[1, 4, 8].map(
    (b) =>
      [
        `sweep: ${after.threads} threads, ≤${b} texts, sorted`,
        { ...after, batchSize: b, batchTokens: Number.MAX_SAFE_INTEGER },
      ] as const,
  ),
] as const) {
  // Interleaved: Node, then Python with the same policy, before the next policy.
  const node = await nodeRate(options);
  const py = pythonRate(options);
  rows.push({ label, node, python: py });
  console.log(
    `${label.padEnd(58)} node ${fmt(node)} chunks/s   python ORT ${fmt(py)}   ratio ${py ? (node / py).toFixed(2) : 'n/a'}`,
  );
}
if (!existsSync(python)) console.log('(python baseline skipped: run `npm run bench:setup-python` once)');

// A search query while documents embed: the query has its own one-thread session.
const embedder = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, after);
const idle: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  await embedder.embedQuery(`query ${i} about paid leave`);
  idle.push(performance.now() - t);
}
const busy: number[] = [];
let documentsDone = false;
const work = embedder.embedDocuments([...texts, ...texts]).then(() => (documentsDone = true));
for (let i = 0; i < 10 && !documentsDone; i++) {
  const t = performance.now();
  await embedder.embedQuery(`query ${i} about paid leave while indexing`);
  busy.push(performance.now() - t);
}
await work;
console.log(
  `query embedding p50: idle ${percentile(idle, 50).toFixed(1)} ms, while documents embed ${percentile(busy, 50).toFixed(1)} ms (${busy.length} queries)`,
);
const afterRow = rows[1]!;
console.log(
  JSON.stringify({
    beforeChunksPerS: +rows[0]!.node.toFixed(1),
    afterChunksPerS: +afterRow.node.toFixed(1),
    pythonChunksPerS: afterRow.python,
    ratioToPython: afterRow.python ? +(afterRow.node / afterRow.python).toFixed(2) : null,
    queryP50IdleMs: +percentile(idle, 50).toFixed(1),
    queryP50BusyMs: +percentile(busy, 50).toFixed(1),
  }),
);
