/**
 * `npm run bench:embed`: chunks/s of the service's embedder on ~CHUNK_MAX_TOKENS-token texts cut
 * from the documents folder, side by side with Python ONNX Runtime on the same model file, the
 * same tokenizer and the same batching (scripts/bench/embed-ort.py; `npm run bench:setup-python`
 * installs it in .venv-bench).
 *
 * Paired rounds (BENCH_EMBED_ROUNDS, default 4): every round times one pass over the texts with
 * each of four embedders kept loaded — Node as the service runs it (threads do not spin), Node
 * with spinning threads, Python ONNX Runtime as shipped (spinning threads, its default) and
 * Python without spinning — in an order rotated each round. On a machine other jobs share, the
 * load changes from minute to minute; pairing passes seconds apart and taking the median of the
 * per-round ratios compares the code rather than the moments the runs happened to fall in.
 * BENCH_EMBED_SWEEP=1 adds the batch-policy table (before / after / caps of 1, 4, 8 texts).
 * Then the latency of a search query while documents are being embedded.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/config/index.ts';
import {
  loadTransformersEmbedder,
  quantizesActivationsDynamically,
  type EmbedderOptions,
} from '../src/embeddings/transformers.embedder.ts';
import type { Embedder } from '../src/embeddings/embedder.ts';
import { percentile } from './bench/run-queries.ts';

const config = loadConfig();
const REPEAT = Number(process.env.BENCH_EMBED_REPEAT ?? 1);
const ROUNDS = Number(process.env.BENCH_EMBED_ROUNDS ?? 4);
const dir = resolve('../shared/datasets/documents/md');
const corpus = readdirSync(dir)
  .map((f) => readFileSync(join(dir, f), 'utf8'))
  .join(' ')
  .replace(/\s+/g, ' ');
const approxChars = config.chunkMaxTokens * 4;
const texts = Array.from({ length: 96 }, (_, i) => corpus.slice(i * approxChars, (i + 1) * approxChars));
const modelDir = join(config.modelsDir, config.embeddingModel);
// The service runs each text alone for a graph that quantises activations per run (the bundled
// build): the Python baseline is given the same batch size, so both sides batch alike.
const runsAlone = quantizesActivationsDynamically(join(modelDir, 'onnx', 'model_quantized.onnx'));
const effectiveBatchSize = (options: EmbedderOptions) => (runsAlone ? 1 : options.batchSize);
const python = resolve('.venv-bench/bin/python');
const textsFile = join(mkdtempSync(join(tmpdir(), 'bench-embed-')), 'texts.json');
writeFileSync(textsFile, JSON.stringify(texts));
const load = () => loadavg()[0]!.toFixed(1);

/** A timed pass: seconds for REPEAT passes over the texts. */
type Pass = () => Promise<number>;

async function nodeEmbedder(options: EmbedderOptions): Promise<Pass> {
  const embedder: Embedder = await loadTransformersEmbedder(config.modelsDir, config.embeddingModel, options);
  await embedder.embedDocuments(texts.slice(0, 2));
  return async () => {
    const started = performance.now();
    for (let r = 0; r < REPEAT; r++) await embedder.embedDocuments(texts);
    return (performance.now() - started) / 1000;
  };
}

/** Python ONNX Runtime kept loaded (embed-ort.py serve): each pass is one line on its stdin. */
async function pythonEmbedder(options: EmbedderOptions, spinning: boolean): Promise<Pass> {
  const child = spawn(
    python,
    [
      'scripts/bench/embed-ort.py',
      modelDir,
      textsFile,
      String(options.threads),
      String(effectiveBatchSize(options)),
      String(options.batchTokens),
      String(REPEAT),
      spinning ? '1' : '0',
      'serve',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  child.unref();
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => JSON.parse((await lines.next()).value as string) as { seconds: number };
  await next(); // {"ready": true}
  process.once('exit', () => child.kill());
  return async () => {
    child.stdin.write('\n');
    return (await next()).seconds;
  };
}

const after = config.embed;
const fmt = (x: number | null) => (x === null ? '   n/a' : x.toFixed(1).padStart(6));
console.log(
  `${texts.length} texts of ~${config.chunkMaxTokens} tokens × ${REPEAT} per pass, ${ROUNDS} paired rounds, model ${config.embeddingModel}, ` +
    `${after.threads} threads, ≤${effectiveBatchSize(after)} texts${runsAlone ? ' (the graph quantises activations per run: one text per run)' : ''}, ≤${after.batchTokens} tokens, sorted; load ${load()}`,
);

const variants: { label: string; pass: Pass; seconds: number[] }[] = [
  { label: 'node, service (no spinning)', pass: await nodeEmbedder(after), seconds: [] },
  { label: 'node, spinning threads', pass: await nodeEmbedder({ ...after, spinning: true }), seconds: [] },
];
if (existsSync(python)) {
  variants.push(
    { label: 'python ORT, stock (spinning)', pass: await pythonEmbedder(after, true), seconds: [] },
    { label: 'python ORT, no spinning', pass: await pythonEmbedder(after, false), seconds: [] },
  );
} else console.log('(python baseline skipped: run `npm run bench:setup-python` once)');

for (let round = 0; round < ROUNDS; round++) {
  const line: string[] = [];
  for (let k = 0; k < variants.length; k++) {
    const v = variants[(round + k) % variants.length]!;
    const s = await v.pass();
    v.seconds.push(s);
    line.push(
      `${v.label.split(',')[0]}${v.label.includes('no spin') ? '' : '*'} ${((texts.length * REPEAT) / s).toFixed(1)}`,
    );
  }
  console.log(`round ${round + 1}: ${line.join('  ')} chunks/s (* spinning; load ${load()})`);
}

const rate = (s: number) => (texts.length * REPEAT) / s;
const medianRate = (v: (typeof variants)[number]) => percentile(v.seconds.map(rate), 50);
/** Median over rounds of (a's rate ÷ b's rate) in the same round. */
const pairedRatio = (a: number, b: number): number | null =>
  variants[b]
    ? percentile(
        variants[a]!.seconds.map((s, r) => variants[b]!.seconds[r]! / s),
        50,
      )
    : null;
for (const v of variants) console.log(`${v.label.padEnd(32)} median ${fmt(medianRate(v))} chunks/s`);
const ratios = {
  serviceVsPythonStock: pairedRatio(0, 2),
  spinningVsPythonStock: pairedRatio(1, 2),
  serviceVsPythonNoSpin: pairedRatio(0, 3),
};
console.log(
  `Node ÷ Python (median of paired rounds): service vs stock ORT ${ratios.serviceVsPythonStock?.toFixed(2) ?? 'n/a'}; ` +
    `same session options: spinning ${ratios.spinningVsPythonStock?.toFixed(2) ?? 'n/a'}, ` +
    `no spinning ${ratios.serviceVsPythonNoSpin?.toFixed(2) ?? 'n/a'}`,
);

if (process.env.BENCH_EMBED_SWEEP === '1' && runsAlone) {
  console.log('(batch sweep skipped: this model runs one text per run whatever the batch size)');
} else if (process.env.BENCH_EMBED_SWEEP === '1') {
  const before: EmbedderOptions = { threads: 2, batchSize: 32, batchTokens: Number.MAX_SAFE_INTEGER };
  for (const [label, options] of [
    ['before: 2 threads, batch 32, input order', before],
    ...[1, 4, 8].map(
      (b) =>
        [
          `sweep: ${after.threads} threads, ≤${b} texts, sorted`,
          { ...after, batchSize: b, batchTokens: Number.MAX_SAFE_INTEGER },
        ] as const,
    ),
  ] as const) {
    const node = rate(await (await nodeEmbedder(options))());
    console.log(`${label.padEnd(58)} node ${fmt(node)} chunks/s (load ${load()})`);
  }
}

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
const round1 = (x: number | null) => (x === null ? null : +x.toFixed(2));
console.log(
  JSON.stringify({
    serviceChunksPerS: +medianRate(variants[0]!).toFixed(1),
    spinningChunksPerS: +medianRate(variants[1]!).toFixed(1),
    pythonStockChunksPerS: variants[2] ? +medianRate(variants[2]).toFixed(1) : null,
    pythonNoSpinChunksPerS: variants[3] ? +medianRate(variants[3]).toFixed(1) : null,
    ratioToPython: round1(ratios.serviceVsPythonStock),
    ratioSameOptionsSpinning: round1(ratios.spinningVsPythonStock),
    ratioSameOptionsNoSpin: round1(ratios.serviceVsPythonNoSpin),
    queryP50IdleMs: +percentile(idle, 50).toFixed(1),
    queryP50BusyMs: +percentile(busy, 50).toFixed(1),
    loadAverage1m: +load(),
  }),
);
process.exit(0);
